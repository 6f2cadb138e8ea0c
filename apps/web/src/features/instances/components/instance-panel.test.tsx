import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import type { PlayerInstance, PlayerInstanceState } from '@drapeau/shared';

import { buildChallenge, buildUser } from '@/testing/factories';
import { challengesHandler, errorResponse } from '@/testing/handlers';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

// docs/product.md "Challenge instances": the player's panel on a challenge with a service: Start, the endpoint to copy
// with its time left, Extend and Stop, and why a start failed.
const challenge = buildChallenge({ id: 'web-sqli', hasService: true });
const service = { protocol: 'http', lifetimeMinutes: 30, extendable: true } as const;
const running = (minutes: number): PlayerInstance => ({
  challengeId: 'web-sqli',
  scope: 'per-player',
  status: 'running',
  endpoint: {
    protocol: 'http',
    host: 'play.example.net',
    port: 32001,
    url: 'http://play.example.net:32001/',
    command: 'http://play.example.net:32001/',
  },
  startedAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + minutes * 60_000).toISOString(),
  extendable: true,
});

/** The server's side: the player's instance, started, extended and stopped as the routes do. */
function serveInstance() {
  let instance: PlayerInstance | null = null;
  server.use(
    ...challengesHandler([challenge]),
    http.get('/api/challenges/:id/instance', () => HttpResponse.json<PlayerInstanceState>({ instance, enabled: true, service })),
    http.post('/api/challenges/:id/instance', () => HttpResponse.json<PlayerInstance>((instance = running(30)))),
    http.post('/api/challenges/:id/instance/extend', () => HttpResponse.json<PlayerInstance>((instance = running(55)))),
    http.delete('/api/challenges/:id/instance', () => {
      instance = null;
      return HttpResponse.json({ ok: true });
    }),
  );
}

beforeAll(async () => {
  await preloadPage.challengeDetail();
}, 60_000);

describe('the instance panel', () => {
  it('says how long the start has been going on while the service comes up', async () => {
    serveInstance();
    server.use(
      http.post('/api/challenges/:id/instance', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp('/challenge/web-sqli', { sessionUser: buildUser() });
    const panel = await screen.findByTestId('instance-panel');
    await user.click(within(panel).getByRole('button', { name: 'Start' }));
    expect(within(panel).getByRole('button', { name: 'Starting…' })).toBeDisabled();
    expect(await within(panel).findByText(/^Starting your instance: 0 seconds so far\./)).toHaveAttribute('role', 'status');
    expect(
      await within(panel).findByText(
        /^Starting your instance: 1 second so far\. It is ready as soon as the service answers\.$/,
        {},
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
  });

  it('starts an instance, shows its URL and time left, extends it and stops it', async () => {
    serveInstance();
    const { user } = renderApp('/challenge/web-sqli', { sessionUser: buildUser() });
    const panel = await screen.findByTestId('instance-panel');
    expect(within(panel).getByText(/stops after 30 minutes unless you extend it/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Start' }));
    expect(await within(panel).findByText('http://play.example.net:32001/')).toBeInTheDocument();
    // Counted from the panel's clock, moved every 15 s: 30 minutes, or 31 from a moment before the start.
    expect(within(panel).getByText(/^3[01] minutes left$/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Extend' }));
    expect(await within(panel).findByText(/^5[56] minutes left$/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Stop' }));
    expect(await within(panel).findByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(within(panel).queryByText('http://play.example.net:32001/')).not.toBeInTheDocument();
  });

  it('says why a start failed: every slot taken until a time, the image still being prepared, or the engine could not start it', async () => {
    serveInstance();
    let answer = errorResponse(429, 'INSTANCES_FULL', { retryAfterSeconds: 600 });
    server.use(http.post('/api/challenges/:id/instance', () => answer));
    const { user } = renderApp('/challenge/web-sqli', { sessionUser: buildUser() });
    const panel = await screen.findByTestId('instance-panel');
    await user.click(within(panel).getByRole('button', { name: 'Start' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(/Every instance slot is taken: try again at \d\d:\d\d/);
    answer = errorResponse(409, 'INSTANCE_IMAGE_PENDING', { retryAfterSeconds: 30 });
    await user.click(within(panel).getByRole('button', { name: 'Start' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'The service is still being prepared (its image is being built or pulled): try again in a minute.',
    );
    answer = errorResponse(503, 'INSTANCE_START_FAILED');
    await user.click(within(panel).getByRole('button', { name: 'Start' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The instance could not be started.');
  });

  it('offers no Start where the server cannot start instances', async () => {
    serveInstance();
    server.use(
      http.get('/api/challenges/:id/instance', () =>
        HttpResponse.json<PlayerInstanceState>({ instance: null, enabled: false, service }),
      ),
    );
    renderApp('/challenge/web-sqli', { sessionUser: buildUser() });
    const panel = await screen.findByTestId('instance-panel');
    expect(within(panel).getByText(/this server cannot start instances/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
  });
});
