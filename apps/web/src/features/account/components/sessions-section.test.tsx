import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import type { AccountSession } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildUser } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const session = (id: string, fields: Partial<AccountSession>): AccountSession => ({
  id,
  createdAt: '2026-01-05T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2026-01-12T10:00:00.000Z',
  browser: 'Firefox',
  os: 'Linux',
  ipAddress: '203.0.113.4',
  current: false,
  ...fields,
});

/** A small in-memory API of the account's sessions: this laptop, a phone and a tablet. */
function useSessionServer() {
  let sessions = [
    session('s-laptop', { current: true }),
    session('s-phone', { browser: 'Safari', os: 'iOS', ipAddress: '198.51.100.7', lastUsedAt: '2026-01-06T09:00:00.000Z' }),
    session('s-tablet', { browser: 'Chrome', os: 'Android', ipAddress: null }),
  ];
  const ended: string[] = [];
  server.use(
    http.get('/api/badges', () => HttpResponse.json({ badges: [] })),
    http.get('/api/account/sessions', () => HttpResponse.json(sessions)),
    http.delete<{ id: string }>('/api/account/sessions/:id', ({ params }) => {
      ended.push(params.id);
      sessions = sessions.filter((s) => s.id !== params.id);
      return HttpResponse.json({ ok: true });
    }),
    http.post('/api/account/sessions/end-others', () => {
      const others = sessions.filter((s) => !s.current);
      ended.push(...others.map((s) => s.id));
      sessions = sessions.filter((s) => s.current);
      return HttpResponse.json({ ended: others.length });
    }),
  );
  return { ended };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('sessions on the account page', () => {
  it('lists each device with its address, marks this one, and ends another only after a confirmation', async () => {
    const { ended } = useSessionServer();
    const { user } = renderApp('/account', { sessionUser: buildUser() });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const phone = (await within(list).findByText('Safari on iOS')).closest('li')!;
    expect(within(phone).getByText('Address: 198.51.100.7')).toBeInTheDocument();
    expect(within(phone).getByText(/last active/)).toBeInTheDocument();
    const laptop = within(list).getByText('Firefox on Linux').closest('li')!;
    expect(within(laptop).getByText('This device')).toBeInTheDocument();
    // This device has no End button: only the other two.
    expect(within(laptop).queryByRole('button')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: /^End the session on/ })).toHaveLength(2);

    await user.click(within(phone).getByRole('button', { name: 'End the session on Safari on iOS' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the session on Safari on iOS?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(ended).toEqual([]);
    await user.click(within(phone).getByRole('button', { name: 'End the session on Safari on iOS' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End' }));
    expect(await screen.findByText('Session ended.')).toBeInTheDocument();
    expect(ended).toEqual(['s-phone']);
    expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument();
  });

  it('ends all the other sessions after a confirmation, in French', async () => {
    await i18n.changeLanguage('fr');
    const { ended } = useSessionServer();
    const { user } = renderApp('/account', { sessionUser: buildUser() });
    expect(await screen.findByText('Cet appareil')).toBeInTheDocument();
    // French typography: a narrow no-break space before the colon and the question mark.
    expect(screen.getByRole('list', { name: 'Sessions' }).textContent).toContain('Adresse\u202f: inconnue');
    await user.click(screen.getByRole('button', { name: 'Fermer toutes les autres sessions' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Fermer les 2 autres sessions\u202f?');
    await user.click(within(dialog).getByRole('button', { name: 'Fermer toutes les autres sessions' }));
    expect(await screen.findByText('2 sessions fermées.')).toBeInTheDocument();
    expect(ended).toEqual(['s-phone', 's-tablet']);
    expect(screen.queryByRole('button', { name: 'Fermer toutes les autres sessions' })).not.toBeInTheDocument();
    expect(screen.queryByText('Chrome sous Android')).not.toBeInTheDocument();
  });
});
