import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp } from '../../../../test/build-test-app.js';
import { createTestDatabase } from '../../../../test/test-database.js';
import type { Database } from '../../../db/client.js';
import { deriveFlag, derivePerUserFlag } from '../flags/flag-check.js';

/**
 * The pack's per-player flags are on from a new deployment's first start, and an existing deployment keeps its value
 * (docs/challenge-authoring.md#per-player-flags). The test template keeps the deployment-wide flags (test/pack.ts): each
 * case starts from it and makes the database it needs.
 */
const opened: { t: TestApp; database: Database }[] = [];
afterEach(async () => {
  for (const { t, database } of opened.splice(0)) {
    await t.close();
    await database.close();
  }
});

async function start(database: Database): Promise<TestApp> {
  const t = await buildTestApp({ database });
  opened.push({ t, database });
  return t;
}

/** A migrated database as a new deployment has it: no value written yet. */
async function emptyDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  await database.db.execute(sql`delete from instance_settings where key = 'pack-per-user-flags'`);
  return database;
}

const perUser = async (t: TestApp) =>
  (await (await loginAdmin(t.app)).get('/api/admin/settings/per-user-flags')).json<{ isBuiltInPackPerUser: boolean }>();

describe('per-player flags for the built-in pack', () => {
  it('are on when a new deployment starts, and each player submits their own flag', async () => {
    const t = await start(await emptyDatabase());
    expect(await perUser(t)).toEqual({ isBuiltInPackPerUser: true });

    const player = await registerPlayer(t.app);
    const secret = t.config.instanceSecret!;
    const shared = await player.client.post('/api/challenges/caesar-cipher/submit', {
      flag: deriveFlag(secret, 'caesar-cipher'),
    });
    expect(shared.json()).toMatchObject({ status: 'incorrect' });
    const own = await player.client.post('/api/challenges/caesar-cipher/submit', {
      flag: derivePerUserFlag(secret, 'caesar-cipher', player.userId),
    });
    expect(own.json()).toMatchObject({ status: 'correct' });
  });

  it('stay as an existing deployment had them at its next start: off when never set, and what its admins chose', async () => {
    // A deployment from before this default: its pack and its accounts are there, and no value was ever written.
    const database = await emptyDatabase();
    const before = await start(database);
    await before.database.db.execute(sql`delete from instance_settings where key = 'pack-per-user-flags'`);
    await registerPlayer(before.app);
    await before.app.close();
    opened.pop();
    const after = await start(database);
    expect(await perUser(after)).toEqual({ isBuiltInPackPerUser: false });
    await after.app.close();
    opened.pop();

    // Its pack deleted and reloaded by a restart: still its own value, since it has accounts.
    await database.db.execute(sql`delete from challenges`);
    const reseeded = await start(database);
    expect(await perUser(reseeded)).toEqual({ isBuiltInPackPerUser: false });
    expect(
      (await (await loginAdmin(reseeded.app)).put('/api/admin/settings/per-user-flags', { isBuiltInPackPerUser: true }))
        .statusCode,
    ).toBe(200);
    await reseeded.app.close();
    opened.pop();

    const again = await start(database);
    expect(await perUser(again)).toEqual({ isBuiltInPackPerUser: true });
  });
});
