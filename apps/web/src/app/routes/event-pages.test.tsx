import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DEFAULT_PLATFORM_SETTINGS, type PlatformSettings, type PublicStats } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildAdmin, buildStats, buildUser } from '@/testing/factories';
import { eventHandler } from '@/testing/handlers';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

// docs/product.md#events. Only Date is faked: the countdowns read this browser's time, and the network runs as usual.
const BROWSER_NOW = new Date('2026-06-01T12:00:00.000Z');
/** The server's clock is 10 minutes ahead of this browser's: the countdowns must follow the server's. */
const SERVER_NOW = new Date(BROWSER_NOW.getTime() + 10 * 60_000);
const inServerTime = (ms: number) => new Date(SERVER_NOW.getTime() + ms).toISOString();
const HOUR = 3_600_000;

const upcoming = {
  mode: 'event' as const,
  phase: 'before' as const,
  startsAt: inServerTime(HOUR + 2 * 60_000 + 3000),
  endsAt: inServerTime(5 * HOUR),
  serverTime: SERVER_NOW.toISOString(),
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(BROWSER_NOW);
});
afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

describe('before the start of an event', () => {
  it('shows players a countdown on the server’s clock instead of the challenges, and the state in the nav bar', async () => {
    let listRequests = 0;
    server.use(
      eventHandler(upcoming),
      http.get('/api/challenges', () => {
        listRequests += 1;
        return HttpResponse.json({ error: { code: 'EVENT_NOT_STARTED', message: 'not yet' } }, { status: 403 });
      }),
    );
    renderApp('/challenges', { sessionUser: buildUser() });
    const timer = await screen.findByRole('timer', { name: 'Time left before the start' });
    // 1 h 2 min 3 s on the server's clock (the browser's would say 1 h 12 min 3 s).
    expect(timer).toHaveTextContent('01:02:03');
    expect(screen.getByRole('heading', { name: 'The event has not started yet' })).toBeInTheDocument();
    expect(screen.queryByText('No challenges found')).not.toBeInTheDocument();
    expect(listRequests).toBe(0);
    const status = await screen.findAllByTestId('event-status');
    expect(status[0]).toHaveTextContent('Starts in 01:02:03');
  });

  it('counts days, and speaks French', async () => {
    await i18n.changeLanguage('fr');
    server.use(eventHandler({ ...upcoming, startsAt: inServerTime(2 * 24 * HOUR + 5000) }));
    renderApp('/challenges', { sessionUser: buildUser() });
    const timer = await screen.findByRole('timer', { name: 'Temps restant avant le début' });
    expect(timer).toHaveTextContent('2 jours 00:00:05');
    expect(screen.getByRole('heading', { name: 'L’événement n’a pas encore commencé' })).toBeInTheDocument();
  });

  it('shows admins the challenges all the same', async () => {
    server.use(eventHandler(upcoming));
    renderApp('/challenges', { sessionUser: buildAdmin() });
    expect(await screen.findByRole('heading', { name: 'Challenges', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('shows the state and time left on the landing page, loaded only in event mode', async () => {
    server.use(
      eventHandler(upcoming),
      http.get('/api/stats', () => HttpResponse.json<PublicStats>(buildStats({ isEventMode: true }))),
    );
    renderApp('/', { sessionUser: null });
    const banner = await screen.findByTestId('landing-event-banner');
    expect(banner).toHaveTextContent('Starts in');
    expect(within(banner).getByTestId('event-time-left')).toHaveTextContent('01:02:03');
  });
});

describe('during and after an event', () => {
  it('shows the time left before the end in the nav bar, and the challenges', async () => {
    server.use(eventHandler({ ...upcoming, phase: 'running', startsAt: inServerTime(-HOUR), endsAt: inServerTime(30 * 60_000) }));
    renderApp('/challenges', { sessionUser: buildUser() });
    expect(await screen.findByRole('heading', { name: 'Challenges', level: 1 })).toBeInTheDocument();
    expect((await screen.findAllByTestId('event-status'))[0]).toHaveTextContent('Ends in 00:30:00');
  });

  it('says the event has ended', async () => {
    server.use(eventHandler({ ...upcoming, phase: 'ended', startsAt: inServerTime(-2 * HOUR), endsAt: inServerTime(-HOUR) }));
    renderApp('/challenges', { sessionUser: buildUser() });
    expect((await screen.findAllByTestId('event-status'))[0]).toHaveTextContent('The event has ended');
  });

  it('shows nothing of it in training mode', async () => {
    renderApp('/challenges', { sessionUser: buildUser() });
    expect(await screen.findByRole('heading', { name: 'Challenges', level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('event-status')).not.toBeInTheDocument();
  });
});

describe('the admin panel’s Event tab', () => {
  function renderTab() {
    const patches: unknown[] = [];
    server.use(
      eventHandler({ serverTime: SERVER_NOW.toISOString() }),
      http.get('/api/admin/stats', () => HttpResponse.json({ totalUsers: 1, admins: 1, totalPoints: 0, avgScore: 0 })),
      http.patch('/api/admin/settings', async ({ request }) => {
        const body = (await request.json()) as Partial<PlatformSettings>;
        patches.push(body);
        return HttpResponse.json<PlatformSettings>({ ...DEFAULT_PLATFORM_SETTINGS, ...body });
      }),
    );
    return { ...renderApp('/admin?tab=event', { sessionUser: buildAdmin() }), patches };
  }

  it('shows the server’s clock, and saves a named event with its times on the server', async () => {
    const { user, patches } = renderTab();
    const clock = await screen.findByTestId('event-server-clock');
    expect(clock.querySelector('time')).toHaveAttribute('dateTime', SERVER_NOW.toISOString());
    expect(screen.getByRole('radio', { name: /Training/ })).toBeChecked();
    const start = screen.getByLabelText('Start');
    expect(start).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /Timed event/ }));
    await user.type(screen.getByLabelText('Name (English)'), 'Spring cup');
    await user.type(screen.getByLabelText('Name (French, optional)'), 'Coupe de printemps');
    await user.type(start, '2026-06-02T09:00');
    await user.type(screen.getByLabelText('End'), '2026-06-02T17:00');
    await user.click(screen.getByRole('switch', { name: 'Practice after the end' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      event: {
        mode: 'event',
        name: { en: 'Spring cup', fr: 'Coupe de printemps' },
        startsAt: new Date('2026-06-02T09:00').toISOString(),
        endsAt: new Date('2026-06-02T17:00').toISOString(),
        freezeAt: null,
        allowPracticeAfterEnd: true,
        firstBloodBonus: 0,
      },
    });
    expect(await screen.findByText('Event settings saved')).toBeInTheDocument();
  });

  it('sets the first-blood bonus (docs/product.md#first-blood)', async () => {
    const { user, patches } = renderTab();
    server.use(eventHandler({ serverTime: SERVER_NOW.toISOString(), firstBloodBonus: 15 }));
    const bonus = await screen.findByLabelText('First-blood bonus (points)');
    expect(bonus).toHaveValue(15);
    expect(bonus).toHaveAccessibleDescription(/on top of its points; 0 = no bonus \(at most 1000\)/);
    await user.clear(bonus);
    await user.type(bonus, '25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ event: expect.objectContaining({ mode: 'training', firstBloodBonus: 25 }) });
  });

  it('keeps the first-blood bonus when unfreezing', async () => {
    const frozen = {
      mode: 'event' as const,
      phase: 'running' as const,
      startsAt: inServerTime(-HOUR),
      endsAt: inServerTime(HOUR),
      freezeAt: inServerTime(-60_000),
      isFrozen: true,
      firstBloodBonus: 40,
    };
    const { user, patches } = renderTab();
    server.use(eventHandler({ ...frozen, serverTime: SERVER_NOW.toISOString() }));
    await user.click(await screen.findByRole('button', { name: 'Unfreeze now' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ event: expect.objectContaining({ freezeAt: null, firstBloodBonus: 40 }) });
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    renderTab();
    expect(await screen.findByRole('link', { name: 'Événement', current: 'page' })).toBeInTheDocument();
    expect(await screen.findByText('Horloge du serveur :')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Événement minuté/ })).not.toBeChecked();
    expect(screen.getByLabelText('Gel du classement (facultatif)')).toBeInTheDocument();
    expect(screen.getByLabelText('Bonus du premier sang (points)')).toHaveAccessibleDescription(
      /en plus de ses points\u202f; 0 = pas de bonus \(au plus 1000\)/,
    );
  });
});
