import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

import type { Database } from '../src/db/client.js';

import { loginAdmin, type TestApp, type TestClient } from './build-test-app.js';
import { eventually } from './eventually.js';
import { recomputeFromRows, servedScores } from './score-invariant.js';

/** Per app: the facts' fingerprint at its last check, its admin session, and why it opted out, if it did. */
interface Watch {
  checked: string;
  admin?: TestClient;
  optedOut?: string;
}
const watches = new WeakMap<TestApp, Watch>();
const watchOf = (t: TestApp): Watch => {
  let watch = watches.get(t);
  if (!watch) watches.set(t, (watch = { checked: NO_FACTS }));
  return watch;
};

/**
 * Leaves an app out of the check after each test: for a test that writes the ledger's facts behind the app's back on
 * purpose. `why` says so where it is called.
 */
export function optOutOfScoreCheck(t: TestApp, why: string): void {
  watchOf(t).optedOut = why;
}

const NO_FACTS = 'no facts';

/**
 * A cheap fingerprint of the ledger's facts (scoring.repository.ts loadFacts): what changes it may change a score; when
 * it is the same as at the last check, the scores are not read again.
 */
async function fingerprintOf(database: Database): Promise<string> {
  const result = await database.db.execute(sql`select
    (select count(*) || ':' || coalesce(max(id), 0) || ':' || count(team_id) from solves) as solves,
    (select count(*) || ':' || count(team_id) || ':' || coalesce(max(opened_at)::text, '') from hint_unlocks) as hints,
    (select count(*) || ':' || coalesce(max(id), 0) || ':' || coalesce(sum(delta), 0) from score_adjustments) as adjustments,
    (select coalesce(sum(cost), 0) || ':' || count(*) from challenge_hints) as costs,
    (select md5(coalesce(string_agg(concat_ws(',', id, scoring_type, points, initial_points, decay, minimum_points,
      decay_function), ';' order by id), '')) from challenges) as scoring,
    (select data -> 'event' ->> 'firstBloodBonus' from platform_settings) as bonus`);
  const [row = {}] = (result as { rows: Record<string, unknown>[] }).rows;
  const [solves, hints, adjustments] = [row.solves, row.hints, row.adjustments].map(String);
  if (solves?.startsWith('0:') && hints?.startsWith('0:') && adjustments?.startsWith('0:')) return NO_FACTS;
  return JSON.stringify(row);
}

/** An admin's request on the app's kept session, signed in again when the session was ended (by a test). */
async function asAdmin(t: TestApp, watch: Watch, url: string): Promise<LightMyRequestResponse> {
  watch.admin ??= await loginAdmin(t.app);
  let response = await watch.admin.get(url);
  if (response.statusCode === 401) {
    watch.admin = await loginAdmin(t.app);
    response = await watch.admin.get(url);
  }
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response;
}

/**
 * The score invariant (docs/decisions/007-scoring.md), checked on every open app after each test (test/setup.ts):
 * every player's and team's score the app serves equals a recomputation from the rows. Skipped while the facts have
 * not changed since the last check. Waits for agreement: on PostgreSQL the app hears some changes a moment later.
 */
export async function checkScoresServed(t: TestApp): Promise<void> {
  const watch = watchOf(t);
  if (watch.optedOut) return;
  const fingerprint = await fingerprintOf(t.database);
  if (fingerprint === watch.checked) return;
  watch.checked = fingerprint;
  await eventually(async () => {
    for (const [list, kind] of [
      ['users', 'players'],
      ['teams', 'teams'],
    ] as const) {
      const expected = await recomputeFromRows(t.database, kind);
      for (const [id, score] of await servedScores((url) => asAdmin(t, watch, url), list))
        expect(score, `score of ${kind === 'players' ? 'player' : 'team'} ${id}`).toBe(expected.get(id) ?? 0);
    }
  }, 30);
}
