import { describe, expect, it } from 'vitest';

import { createDatabase } from '../../db/client.js';
import { buildTestApp, TestClient } from '../../../test/build-test-app.js';
import { createTestDatabase } from '../../../test/test-database.js';

const NO_ADMIN_ENV = { ADMIN_EMAIL: '', ADMIN_USERNAME: '', ADMIN_PASSWORD: '' };
const ORGANISER = { username: 'organiser', email: 'organiser@example.com', password: 'organiser-pw' };
/** The organiser's existing account named as the configured admin (its password is not changed). */
const ORGANISER_AS_ADMIN = {
  ADMIN_EMAIL: ORGANISER.email,
  ADMIN_USERNAME: ORGANISER.username,
  ADMIN_PASSWORD: 'ignored-password',
};

describe('admin bootstrap', () => {
  it('creates an admin with a generated password printed once, when none is configured or exists', async () => {
    const database = await createTestDatabase();
    try {
      const first = await buildTestApp({ env: NO_ADMIN_ENV, database });
      const printed = first.printed.join('');
      const password = /password: (\S+)/.exec(printed)?.[1];
      expect(password).toBeTruthy();
      const login = await new TestClient(first.app).post('/api/auth/login', { email: 'admin@drapeau.local', password });
      expect(login.json().user.rank).toBe('admin');
      await first.close();

      const second = await buildTestApp({ env: NO_ADMIN_ENV, database });
      expect(second.printed).toEqual([]);
      await second.close();
    } finally {
      await database.close();
    }
  });

  it('promotes an existing account named by ADMIN_EMAIL, and ends its sessions as any change of role does', async () => {
    const database = await createTestDatabase();
    try {
      const first = await buildTestApp({ env: NO_ADMIN_ENV, database });
      const client = new TestClient(first.app);
      await client.post('/api/auth/register', ORGANISER);
      expect((await client.get('/api/auth/session')).json()).toMatchObject({ user: { rank: 'user' } });
      const cookie = `drapeau.session_token=${client.sessionToken()}`;
      await first.close();
      const second = await buildTestApp({ env: ORGANISER_AS_ADMIN, database });
      // The player's session from before the promotion is over: signing in again gives the admin's rights.
      const old = await second.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      expect(old.json()).toEqual({ user: null });
      const login = await new TestClient(second.app).post('/api/auth/login', {
        email: ORGANISER.email,
        password: ORGANISER.password,
      });
      expect(login.json().user.rank).toBe('admin');
      await second.close();
    } finally {
      await database.close();
    }
  });

  // PostgreSQL only: the instance that promotes at its start tells the others, which remembered the player's session.
  it.runIf(process.env.DATABASE_URL)(
    'ends the promoted account’s sessions and live streams on the instances already running',
    async () => {
      const database = await createTestDatabase();
      const url = (database as { url?: string }).url!;
      let second: Awaited<ReturnType<typeof buildTestApp>> | undefined;
      const first = await buildTestApp({ env: NO_ADMIN_ENV, database });
      const controller = new AbortController();
      try {
        const baseUrl = await first.app.listen({ port: 0, host: '127.0.0.1' });
        const client = new TestClient(first.app);
        await client.post('/api/auth/register', ORGANISER);
        // The first instance remembers the session and holds its live stream, opened with a player's rights.
        expect((await client.get('/api/challenges')).statusCode).toBe(200);
        const cookie = `drapeau.session_token=${client.sessionToken()}`;
        const stream = await fetch(`${baseUrl}/api/events`, { headers: { cookie }, signal: controller.signal });
        expect(stream.status).toBe(200);
        let ended = false;
        void (async () => {
          const reader = stream.body!.getReader();
          while (!(await reader.read()).done);
          ended = true;
        })().catch(() => undefined);

        second = await buildTestApp({ env: ORGANISER_AS_ADMIN, database: await createDatabase({ kind: 'postgres', url }) });
        // Polled, never waited for a fixed time: told through the event bus, the first instance ends the stream...
        await expect.poll(() => ended, { timeout: 30_000 }).toBe(true);
        // ...and no longer serves the session from its memory.
        expect((await client.get('/api/challenges')).statusCode).toBe(401);
      } finally {
        controller.abort();
        await second?.close();
        await second?.database.close();
        await first.close();
        await database.close();
      }
    },
  );
});
