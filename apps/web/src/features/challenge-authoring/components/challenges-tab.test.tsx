import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { buildAdmin } from '@/testing/factories';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { buildAdminChallenge, createAuthoringServer, type AuthoringServerOptions } from '../testing/authoring-server';

beforeAll(async () => {
  await preloadPage.admin();
});

function renderTab(challenges = [buildAdminChallenge()], options: AuthoringServerOptions = {}) {
  const api = createAuthoringServer(challenges, options);
  server.use(...api.handlers);
  const view = renderApp('/admin?tab=challenges', { sessionUser: buildAdmin() });
  return { ...view, api };
}

/** Pastes into the labelled field (quicker than typing each key, and braces are not read as key names). */
async function fill(user: ReturnType<typeof renderTab>['user'], label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

const sent = (api: ReturnType<typeof createAuthoringServer>, method: string) =>
  api.state.sent.filter((request) => request.method === method);

describe('admin Challenges tab: editor', () => {
  it('creates a bilingual challenge with a regex flag and a hint that costs points', async () => {
    const { user, api } = renderTab([]);
    await user.click(await screen.findByRole('button', { name: 'New challenge' }));

    await fill(user, 'Title (English)', 'Cookie Jar');
    await fill(user, 'Title (French)', 'Bocal à cookies');
    await fill(user, 'Description (English)', 'Read the **cookie**.');
    await fill(user, 'Description (French)', 'Lisez le **cookie**.');
    await user.click(screen.getByRole('combobox', { name: 'Matching of flag 1' }));
    await user.click(await screen.findByRole('option', { name: 'Regular expression' }));
    await fill(user, 'Flag 1', 'CTF\\{[a-z]+\\}');
    await user.click(screen.getByRole('button', { name: 'Add a hint' }));
    await fill(user, 'Hint 1 (English)', 'Look at the jar.');
    await fill(user, 'Hint 1 (French)', 'Regardez le bocal.');
    const cost = screen.getByLabelText('Cost of hint 1 (points)');
    await user.clear(cost);
    await user.type(cost, '25');

    // The preview renders the Markdown as players will see it.
    await user.click(screen.getByRole('button', { name: 'Preview Description' }));
    const preview = screen.getByRole('region', { name: 'Preview: Description (English)' });
    expect(within(preview).getByText('cookie').tagName).toBe('STRONG');

    await user.click(screen.getByRole('button', { name: 'Create challenge' }));
    // Saving, then loading the new challenge and drawing the whole form again: slow in jsdom on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Edit cookie-jar' })).toBeInTheDocument();
    const [created] = sent(api, 'POST');
    expect(created?.body).toMatchObject({
      title: { en: 'Cookie Jar', fr: 'Bocal à cookies' },
      description: { en: 'Read the **cookie**.', fr: 'Lisez le **cookie**.' },
      flags: [{ kind: 'static', matcher: 'regex', content: 'CTF\\{[a-z]+\\}' }],
      hints: [{ content: { en: 'Look at the jar.', fr: 'Regardez le bocal.' }, cost: 25 }],
    });
    // Once created, files and the flag tester come into the form.
    expect(screen.getByText('Add a file')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Test' })).toBeInTheDocument();
  });

  it('refuses to send a challenge without an English title, naming the field', async () => {
    const { user, api } = renderTab([]);
    await user.click(await screen.findByRole('button', { name: 'New challenge' }));
    await user.click(screen.getByRole('button', { name: 'Create challenge' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/title\.en/);
    expect(sent(api, 'POST')).toEqual([]);
  });

  it('edits a challenge and sends only a patch', async () => {
    const { user, api } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit Login Bypass' }));
    const title = await screen.findByLabelText('Title (English)');
    expect(title).toHaveValue('Login Bypass');
    await user.clear(title);
    await user.type(title, 'Login Bypass 2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    const [patch] = sent(api, 'PATCH');
    expect(patch?.path).toBe('/api/admin/challenges/login-bypass');
    // Only the field that changed: hints, tags and scoring left out keep their values on the server.
    expect(patch?.body).toEqual({ title: { en: 'Login Bypass 2', fr: 'Contournement de connexion' } });
  });

  it('searches on the server as the admin types', async () => {
    const { user, api } = renderTab([
      buildAdminChallenge(),
      buildAdminChallenge({ id: 'port-scan', title: { en: 'Port Scan', fr: '' }, hasFrench: false }),
    ]);
    expect(await screen.findByText('2 challenges')).toBeInTheDocument();
    await fill(user, 'Search', 'port');
    expect(await screen.findByText('1 challenge')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Port Scan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Login Bypass' })).not.toBeInTheDocument();
    // A challenge without French is marked as such.
    expect(screen.getByText('Translation missing')).toBeInTheDocument();
    expect(api.state.sent).toEqual([]);
  });

  it('hides a challenge from players, and duplicates one as a hidden copy', async () => {
    const { user, api } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Hide Login Bypass from players' }));
    expect(await screen.findByRole('button', { name: 'Show Login Bypass to players' })).toBeInTheDocument();
    expect(sent(api, 'PATCH')[0]?.body).toEqual({ state: 'hidden' });

    await user.click(screen.getByRole('button', { name: 'Duplicate Login Bypass' }));
    expect(await screen.findByText('Copy created as login-bypass-copy (hidden).')).toBeInTheDocument();
    expect(await screen.findByText('2 challenges')).toBeInTheDocument();
    expect(sent(api, 'POST').map((request) => request.path)).toEqual(['/api/admin/challenges/login-bypass/duplicate']);
  });

  it('says how many solves a delete removes before deleting, and nothing goes on cancel', async () => {
    const { user, api } = renderTab([buildAdminChallenge({ solveCount: 3 })]);
    await user.click(await screen.findByRole('button', { name: 'Delete Login Bypass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Login Bypass?' });
    expect(within(dialog).getByText(/3 players solved it: their solves go, and their scores drop, at once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent(api, 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Login Bypass' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Login Bypass deleted with 3 solves.')).toBeInTheDocument();
    expect(sent(api, 'DELETE').map((request) => request.path)).toEqual(['/api/admin/challenges/login-bypass']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit Login Bypass' })).not.toBeInTheDocument());
  });

  it('says so, in French, when nobody has solved it yet', async () => {
    await i18n.changeLanguage('fr');
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Supprimer Contournement de connexion' }));
    const dialog = await screen.findByRole('dialog');
    // French typography: a narrow no-break space before the question mark.
    expect(within(dialog).getByRole('heading').textContent).toBe('Supprimer Contournement de connexion\u202f?');
    expect(within(dialog).getByText(/Personne ne l’a encore résolu/)).toBeInTheDocument();
  });

  it('adds a category with English and French names and an icon', async () => {
    const { user, api } = renderTab();
    const form = await screen.findByRole('form', { name: 'Add a category' });
    await user.type(within(form).getByLabelText('Key'), 'crypto');
    await user.type(within(form).getByLabelText('Name (English)'), 'Cryptography');
    await user.type(within(form).getByLabelText('Name (French)'), 'Cryptographie');
    await user.click(within(form).getByRole('combobox', { name: 'Icon' }));
    await user.click(await screen.findByRole('option', { name: 'key' }));
    await user.click(within(form).getByRole('button', { name: 'Add category' }));

    expect(await screen.findByRole('listitem', { name: 'Cryptography' })).toHaveTextContent('Cryptography / Cryptographie');
    expect(sent(api, 'POST')[0]?.body).toEqual({
      key: 'crypto',
      name: { en: 'Cryptography', fr: 'Cryptographie' },
      icon: 'key',
    });
  });
});
