import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { WriteUp, WriteUpBody } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildAdmin, buildChallenge, buildUser } from '@/testing/factories';
import { challengesHandler, writeUpsHandler } from '@/testing/handlers';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

// docs/product.md#write-ups: locked before the solve, then the list (author, language, date, Markdown rendered safely),
// the player's own to write, edit and delete, and the moderators' hide and unhide.

beforeAll(async () => {
  await preloadPage.challengeDetail();
});

const UNSOLVED = buildChallenge({ id: 'hash-cracking', title: { en: 'Hash Cracking', fr: 'Cassage de hash' } });
const SOLVED = buildChallenge({ id: 'caesar-cipher', title: { en: 'Caesar Cipher', fr: 'Chiffre de César' }, solved: true });

/** What a hostile author could store in a write-up: none of it may run or reach the page as markup. */
const STORED_XSS = [
  'A **real** solution, with `code`.',
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 1">',
  '[click me](javascript:window.__pwned=1)',
  '[encoded](JaVaScRiPt:window.__pwned=1)',
  '![pixel](javascript:window.__pwned=1)',
  '<iframe src="javascript:window.__pwned=1"></iframe>',
  '<a href="https://evil.example" onclick="window.__pwned=1">raw link</a>',
  '<svg onload="window.__pwned=1"></svg>',
  '<form action="https://evil.example"><input name="flag"></form>',
].join('\n\n');

function buildWriteUp(id: number, overrides: Partial<WriteUp> = {}): WriteUp {
  return {
    id,
    challengeId: SOLVED.id,
    author: { uid: `author-${id}`, username: `author${id}` },
    language: 'en',
    title: `Solution ${id}`,
    body: `Shift every letter by **${id}**.`,
    createdAt: '2026-11-20T18:00:00.000Z',
    updatedAt: '2026-11-20T18:00:00.000Z',
    isHidden: false,
    ...overrides,
  };
}

beforeEach(() => {
  server.use(...challengesHandler([UNSOLVED, SOLVED]));
});

const findSection = async () => screen.findByRole('region', { name: /Write-ups/ });

describe('write-ups section', () => {
  it('is locked before the solve: "Solve this challenge to read its write-ups", no text, no form', async () => {
    renderApp(`/challenge/${UNSOLVED.id}`, { sessionUser: buildUser() });
    const section = await findSection();
    expect(await within(section).findByText('Solve this challenge to read its write-ups.')).toBeInTheDocument();
    expect(within(section).queryByRole('article')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /write-up/i })).not.toBeInTheDocument();
  });

  it('does not ask for the write-ups of a challenge the player has not solved (a 403 in the console otherwise)', async () => {
    let asked = 0;
    server.use(
      http.get('/api/challenges/:id/write-ups', () => {
        asked += 1;
        return HttpResponse.json({ error: { code: 'CHALLENGE_NOT_SOLVED', message: 'x' } }, { status: 403 });
      }),
    );
    renderApp(`/challenge/${UNSOLVED.id}`, { sessionUser: buildUser() });
    expect(await within(await findSection()).findByText('Solve this challenge to read its write-ups.')).toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('is locked in French too, with French typography', async () => {
    await i18n.changeLanguage('fr');
    renderApp(`/challenge/${UNSOLVED.id}`, { sessionUser: buildUser() });
    const section = await screen.findByRole('region', { name: /Write-ups/ });
    expect(await within(section).findByText('Résolvez ce défi pour lire ses write-ups.')).toBeInTheDocument();
    expect(within(section).getByText(/pas de spoilers\.$/).textContent).toContain('vous-même\u00a0: pas');
  });

  it('lists the others’ write-ups with author, language and date, and renders stored script inert', async () => {
    server.use(
      writeUpsHandler({
        writeUps: [
          buildWriteUp(2, { title: null, language: 'fr', body: STORED_XSS }),
          buildWriteUp(1, { title: '<b onclick="x()">Title as text</b>' }),
        ],
      }),
    );
    renderApp(`/challenge/${SOLVED.id}`, { sessionUser: buildUser() });
    const section = await findSection();
    const articles = await within(section).findAllByRole('article');
    expect(articles).toHaveLength(2);
    const [hostile, plain] = articles as [HTMLElement, HTMLElement];
    expect(within(hostile).getByRole('heading', { name: 'Write-up by author2' })).toBeInTheDocument();
    expect(within(hostile).getByRole('link', { name: 'author2' })).toHaveAttribute('href', '/user/author-2');
    expect(within(hostile).getByText('French')).toBeInTheDocument();
    expect(within(hostile).getByText(/11\/20\/26/)).toBeInTheDocument();
    expect(within(hostile).getByText('real', { selector: 'strong' })).toBeInTheDocument();
    // The title is text, never markup.
    expect(within(plain).getByRole('heading', { name: '<b onclick="x()">Title as text</b>' })).toBeInTheDocument();

    for (const selector of ['script', 'iframe', 'svg', 'form', 'input', 'img', 'b']) {
      for (const markdown of section.querySelectorAll('[data-slot="markdown"]'))
        expect(markdown.querySelector(selector), selector).toBeNull();
    }
    const attributes = [...section.querySelectorAll('*')].flatMap((element) => [...element.attributes]);
    expect(attributes.filter((attribute) => attribute.name.startsWith('on'))).toEqual([]);
    for (const element of section.querySelectorAll('a, img')) {
      const url = element.getAttribute('href') ?? element.getAttribute('src') ?? '';
      expect(url, element.outerHTML).not.toMatch(/^\s*(javascript|vbscript|data):/i);
    }
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('lets a player who solved publish a write-up: language, optional title, Markdown', async () => {
    const sent: WriteUpBody[] = [];
    server.use(
      writeUpsHandler({}),
      http.put('/api/challenges/:id/write-ups/mine', async ({ request }) => {
        const body = (await request.json()) as WriteUpBody;
        sent.push(body);
        return HttpResponse.json<WriteUp>(buildWriteUp(9, { ...body, author: { uid: 'u1', username: 'me' } }), { status: 201 });
      }),
    );
    const { user } = renderApp(`/challenge/${SOLVED.id}`, { sessionUser: buildUser() });
    const section = await findSection();
    expect(await within(section).findByText(/No write-up yet/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Write a write-up' }));
    const form = within(section).getByRole('form', { name: 'Your write-up' });
    const publish = within(form).getByRole('button', { name: 'Publish' });
    await user.type(within(form).getByLabelText('Write-up (Markdown)'), 'Too short');
    expect(publish).toBeDisabled();
    await user.selectOptions(within(form).getByLabelText('Language'), 'fr');
    await user.type(within(form).getByLabelText('Title (optional)'), 'Décalage de 3');
    await user.type(within(form).getByLabelText('Write-up (Markdown)'), ': shift each letter back by **3**.');
    await user.click(publish);
    await waitFor(() =>
      expect(sent).toEqual([{ language: 'fr', title: 'Décalage de 3', body: 'Too short: shift each letter back by **3**.' }]),
    );
    expect(await screen.findByText('Write-up published')).toBeInTheDocument();
  });

  it('shows the player’s own write-up (marked when hidden) to edit or delete', async () => {
    const deleted = vi.fn();
    server.use(
      writeUpsHandler({ own: buildWriteUp(5, { author: { uid: 'u1', username: 'me' }, isHidden: true }) }),
      http.delete('/api/challenges/:id/write-ups/mine', () => {
        deleted();
        return HttpResponse.json({ ok: true });
      }),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderApp(`/challenge/${SOLVED.id}`, { sessionUser: buildUser() });
    const section = await findSection();
    expect(await within(section).findByText(/Hidden by a moderator/)).toBeInTheDocument();
    // Under one's own, the empty list is of the others'.
    expect(within(section).getByText('No one else has shared a write-up yet.')).toBeInTheDocument();
    expect(within(section).queryByText(/No write-up yet/)).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Edit' }));
    expect(within(section).getByLabelText('Write-up (Markdown)')).toHaveValue('Shift every letter by **5**.');
    await user.click(within(section).getByRole('button', { name: 'Cancel' }));
    await user.click(within(section).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toHaveBeenCalledOnce());
    expect(await screen.findByText('Write-up deleted')).toBeInTheDocument();
  });

  it('elides the French "de" before a name that starts with a vowel', async () => {
    await i18n.changeLanguage('fr');
    server.use(
      writeUpsHandler({
        writeUps: [
          buildWriteUp(1, { title: null, author: { uid: 'a', username: 'alice' } }),
          buildWriteUp(2, { title: null, author: { uid: 'b', username: 'bob' } }),
        ],
      }),
    );
    renderApp(`/challenge/${SOLVED.id}`, { sessionUser: buildUser() });
    const section = await findSection();
    expect(await within(section).findByRole('heading', { name: 'Write-up d’alice' })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Write-up de bob' })).toBeInTheDocument();
  });

  it('gives moderators Hide and Show again on each write-up, in French too', async () => {
    await i18n.changeLanguage('fr');
    const calls: string[] = [];
    server.use(
      writeUpsHandler({ canModerate: true, writeUps: [buildWriteUp(3), buildWriteUp(4, { isHidden: true })] }),
      http.post('/api/write-ups/:writeUpId/:action', ({ params }) => {
        calls.push(`${String(params.action)} ${String(params.writeUpId)}`);
        return HttpResponse.json<WriteUp>(buildWriteUp(Number(params.writeUpId), { isHidden: params.action === 'hide' }));
      }),
    );
    const { user } = renderApp(`/challenge/${UNSOLVED.id}`, { sessionUser: buildAdmin() });
    const section = await screen.findByRole('region', { name: /Write-ups/ });
    expect(await within(section).findByText('Résolvez ce défi pour publier votre propre write-up.')).toBeInTheDocument();
    expect(within(section).getByText('Masqué')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Masquer le write-up d’author3' }));
    await user.click(within(section).getByRole('button', { name: 'Afficher de nouveau le write-up d’author4' }));
    await waitFor(() => expect(calls).toEqual(['hide 3', 'unhide 4']));
    expect(await screen.findByText('Write-up de nouveau visible')).toBeInTheDocument();
  });
});
