import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import type { Announcement, AnnouncementBody } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildUser } from '@/testing/factories';
import { announcementsHandler } from '@/testing/handlers';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

function announcement(id: number, overrides: Partial<Announcement> = {}): Announcement {
  return {
    id,
    title: { en: `Title ${id}`, fr: `Titre ${id}` },
    body: { en: `Body **${id}** <script>alert(1)</script>`, fr: `Texte **${id}**` },
    author: 'root',
    createdAt: '2026-11-20T18:00:00.000Z',
    ...overrides,
  };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('announcements bell', () => {
  it('shows the unread count, lists announcements newest first, and marks them read on opening', async () => {
    const reads: unknown[] = [];
    server.use(
      announcementsHandler([announcement(2), announcement(1)], 2),
      http.post('/api/announcements/read', async ({ request }) => {
        reads.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderApp('/challenges', { sessionUser: buildUser() });
    const bell = await screen.findByRole('button', { name: 'Announcements, 2 unread' });
    expect(screen.getByTestId('announcements-unread')).toHaveTextContent('2');

    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Announcements' });
    const titles = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Title 2', 'Title 1']);
    // Markdown, never raw HTML.
    expect(await within(dialog).findAllByText('2', { selector: 'strong' })).toHaveLength(1);
    expect(dialog.querySelector('script')).toBeNull();
    await waitFor(() => expect(reads).toEqual([{ upToId: 2 }]));
    expect(screen.queryByTestId('announcements-unread')).not.toBeInTheDocument();
  });

  it('speaks French, and falls back to English where the French text is empty', async () => {
    await i18n.changeLanguage('fr');
    server.use(
      announcementsHandler([announcement(1, { title: { en: 'Only English', fr: '' } })], 1),
      http.post('/api/announcements/read', () => HttpResponse.json({ ok: true })),
    );
    const { user } = renderApp('/challenges', { sessionUser: buildUser() });
    await user.click(await screen.findByRole('button', { name: 'Annonces, 1 non lue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annonces' });
    expect(within(dialog).getByRole('heading', { level: 3 })).toHaveTextContent('Only English');
    expect(within(dialog).getByText(/^Par root, le /)).toBeInTheDocument();
  });
});

describe('admin announcements tab', () => {
  it('publishes a bilingual announcement and deletes one', async () => {
    const posted: AnnouncementBody[] = [];
    const deleted: string[] = [];
    server.use(
      announcementsHandler([announcement(1)]),
      http.get('/api/admin/stats', () => HttpResponse.json({ totalUsers: 1, admins: 1, totalPoints: 0, avgScore: 0 })),
      http.post('/api/admin/announcements', async ({ request }) => {
        const body = (await request.json()) as AnnouncementBody;
        posted.push(body);
        return HttpResponse.json(announcement(2, body), { status: 201 });
      }),
      http.delete('/api/admin/announcements/:id', ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderApp('/admin?tab=announcements', { sessionUser: buildUser({ rank: 'admin', uid: 'admin-1' }) });
    const [titleEn] = await screen.findAllByLabelText('Title');
    await user.type(titleEn!, 'Freeze at six');
    const [bodyEn, bodyFr] = screen.getAllByLabelText('Text (Markdown)');
    await user.type(bodyEn!, 'The **last hour** is hidden.');
    await user.type(bodyFr!, 'La dernière heure est masquée.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          title: { en: 'Freeze at six', fr: '' },
          body: { en: 'The **last hour** is hidden.', fr: 'La dernière heure est masquée.' },
        },
      ]),
    );
    expect(await screen.findByText('Announcement published')).toBeInTheDocument();

    window.confirm = () => true;
    await user.click(screen.getByRole('button', { name: 'Delete “Title 1”' }));
    await waitFor(() => expect(deleted).toEqual(['1']));
  });
});
