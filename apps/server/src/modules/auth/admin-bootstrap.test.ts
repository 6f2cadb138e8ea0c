import { describe, expect, it } from 'vitest';

import { buildTestApp, TestClient } from '../../../test/build-test-app.js';
import { createTestDatabase } from '../../../test/test-database.js';

const NO_ADMIN_ENV = { ADMIN_EMAIL: '', ADMIN_USERNAME: '', ADMIN_PASSWORD: '' };

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

  it('promotes an existing account named by ADMIN_EMAIL', async () => {
    const database = await createTestDatabase();
    try {
      const first = await buildTestApp({ env: NO_ADMIN_ENV, database });
      const client = new TestClient(first.app);
      await client.post('/api/auth/register', {
        username: 'organiser',
        email: 'organiser@example.com',
        password: 'organiser-pw',
      });
      await first.close();
      const second = await buildTestApp({
        env: { ADMIN_EMAIL: 'organiser@example.com', ADMIN_USERNAME: 'organiser', ADMIN_PASSWORD: 'ignored-password' },
        database,
      });
      const login = await new TestClient(second.app).post('/api/auth/login', {
        email: 'organiser@example.com',
        password: 'organiser-pw',
      });
      expect(login.json().user.rank).toBe('admin');
      await second.close();
    } finally {
      await database.close();
    }
  });
});
