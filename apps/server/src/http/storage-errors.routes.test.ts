import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLoggerOptions } from '../lib/logger.js';
import { deriveFlag } from '../modules/challenges/flags/flag-check.js';
import { buildTestApp, registerPlayer, type TestApp } from '../../test/build-test-app.js';

/**
 * Issue #17.7 and #17.8: when the disk is full, a failed insert answers 503 with a retry time, and its log line carries
 * neither the flag nor the guess that the query was writing. The full disk is PostgreSQL's own error (disk_full, 53100),
 * raised by a trigger on the submissions table.
 */
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    logger: { ...createLoggerOptions('info'), stream: { write: (line: string) => void lines.push(line) } },
  });
  await t.database.db.execute(sql`
    create function drapeau_test_disk_full() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file "base/1/2": No space left on device' using errcode = '53100'; end $$`);
  await t.database.db.execute(sql`
    create trigger drapeau_test_disk_full before insert on submissions for each row execute function drapeau_test_disk_full()`);
});
afterAll(async () => {
  await t.close();
});

describe('a full disk', () => {
  it('answers 503 STORAGE_UNAVAILABLE with a retry time, and logs neither the flag nor the guess', async () => {
    const player = await registerPlayer(t.app);
    const flag = deriveFlag(t.config.instanceSecret!, 'caesar-cipher');
    const guess = 'CTF{my-very-own-wrong-guess}';
    const before = lines.length;
    for (const submitted of [flag, guess]) {
      const response = await player.client.post('/api/challenges/caesar-cipher/submit', { flag: submitted });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toMatchObject({ code: 'STORAGE_UNAVAILABLE', retryAfterSeconds: 60 });
      expect(response.headers['retry-after']).toBe('60');
    }
    const logged = lines.slice(before).join('\n');
    expect(logged).toContain('storage full or read-only');
    expect(logged).toContain('insert into');
    expect(logged).not.toContain(flag);
    expect(logged).not.toContain(flag.slice(4, -1));
    expect(logged).not.toContain('my-very-own-wrong-guess');
  });
});
