import { countScoreInvariantBreaks, storesScores } from './score-invariant.js';
import type { SqlRunner } from './sql-runner.js';
import { userId } from './sessions.js';

export interface SeedOptions {
  users: number;
  solves: number;
}

export interface SeededChallenge {
  id: string;
  points: number;
  solvers: number;
}

export interface SeedResult {
  seconds: number;
  challenges: SeededChallenge[];
  /** The challenge the fewest players solved (the burst's target). */
  rarest: SeededChallenge;
  /** The second rarest (the live-update test's target). */
  secondRarest: SeededChallenge;
}

/**
 * Share of players that solve each challenge, easiest (fewest points) first: most players solve the first ones, almost
 * nobody the last ones. Normalized so that the total is `solves`.
 */
const SOLVE_SHARES = [
  0.97, 0.95, 0.93, 0.91, 0.89, 0.86, 0.82, 0.77, 0.71, 0.63, 0.53, 0.42, 0.31, 0.2, 0.11, 0.05, 0.02, 0.008, 0.003, 0.002,
];

export function solveTargets(challengeCount: number, users: number, solves: number): number[] {
  const shares = Array.from({ length: challengeCount }, (_, i) => SOLVE_SHARES[Math.min(i, SOLVE_SHARES.length - 1)]!);
  const sum = shares.reduce((a, b) => a + b, 0);
  const targets = shares.map((s) => Math.min(users, Math.max(1, Math.round((s * solves) / sum))));
  let remainder = solves - targets.reduce((a, b) => a + b, 0);
  for (let i = 0; remainder !== 0 && i < targets.length * 4; i += 1) {
    const k = i % targets.length;
    const step = remainder > 0 ? Math.min(remainder, users - targets[k]!) : Math.max(remainder, 1 - targets[k]!);
    targets[k]! += step;
    remainder -= step;
  }
  return targets;
}

/**
 * Seeds a competition by bulk SQL on a migrated database whose catalogue the server has already written: players with
 * sessions, skewed solves, one correct submission per solve, and a few admins' score adjustments. No score is stored:
 * the server's scoring ledger derives every score from these facts (docs/decisions/007-scoring.md). On the schema of a
 * build before the ledger (storesScores), the same facts are seeded with what it stores: each solve's points, each
 * player's adjustment and score = sum(points) + adjustment.
 */
export async function seedCompetition(db: SqlRunner, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const catalogue = await db.query<{ id: string; points: number }>('select id, points from challenges order by points, position');
  if (catalogue.length === 0) throw new Error('the catalogue is empty: start the server once before seeding');
  const targets = solveTargets(catalogue.length, options.users, options.solves);
  const targetRows = catalogue.map((c, i) => `('${c.id.replace(/'/g, "''")}', ${c.points}, ${targets[i]})`).join(',\n');
  const n = options.users;
  const stored = await storesScores(db);
  const adjustment = 'case when i % 250 = 0 then 15 when i % 333 = 0 then -5 else 0 end';

  // The figures submit the pack's deployment-wide flags, not the per-player ones a new deployment starts with
  // (docs/challenge-authoring.md#per-player-flags); the server is stopped, and reads the value at its next start.
  await db.exec(`
    begin;
    insert into instance_settings (key, value) values ('pack-per-user-flags', 'false')
      on conflict (key) do update set value = 'false';
    insert into users (id, name, email, email_verified, username, display_username, role, created_at, updated_at
                       ${stored ? ', score_adjustment, score, score_updated_at' : ''})
    select 'bench-u' || lpad(i::text, 6, '0'), 'bench' || lpad(i::text, 6, '0'),
           'bench' || lpad(i::text, 6, '0') || '@bench.invalid', true,
           'bench' || lpad(i::text, 6, '0'), 'bench' || lpad(i::text, 6, '0'), 'user',
           now() - interval '3 days', now() ${stored ? `, ${adjustment}, 0, now() - interval '3 days'` : ''}
    from generate_series(1, ${n}) as i;

    -- A few admins' adjustments, facts the scoring ledger adds (docs/decisions/007-scoring.md); a column of users before.
    ${
      stored
        ? ''
        : `insert into score_adjustments (user_id, kind, amount, delta, reason, created_at)
    select 'bench-u' || lpad(i::text, 6, '0'), 'delta', d, d, 'bench', now() - interval '3 days'
    from (select i, ${adjustment} as d from generate_series(1, ${n}) as i where i % 250 = 0 or i % 333 = 0) a;`
    }

    insert into sessions (id, expires_at, token, created_at, updated_at, ip_address, user_agent, user_id)
    select 'bench-s' || lpad(i::text, 6, '0'), now() + interval '7 days', md5('drapeau-bench-session-' || i), now(), now(),
           '127.0.0.1', 'drapeau-bench', 'bench-u' || lpad(i::text, 6, '0')
    from generate_series(1, ${n}) as i;

    insert into solves (user_id, challenge_id, solved_at ${stored ? ', points' : ''})
    select user_id, challenge_id, solved_at ${stored ? ', points' : ''} from (
      select u.id as user_id, t.id as challenge_id, t.points, t.target,
             now() - interval '48 hours' + ((hashtext(u.id || t.id || 'at') & 65535) / 65536.0) * interval '47 hours' as solved_at,
             row_number() over (
               partition by t.id
               order by 0.6 * (1 - (hashtext(u.id || 'skill') & 65535) / 65536.0)
                      + 0.4 * ((hashtext(u.id || t.id) & 65535) / 65536.0), u.id
             ) as rn
      from users u cross join (values ${targetRows}) as t(id, points, target)
      where u.id like 'bench-u%'
    ) ranked
    where rn <= target;

    insert into submissions (user_id, challenge_id, submitted, is_correct, ip, created_at)
    select user_id, challenge_id, '[seeded]', true, '127.0.0.1', solved_at from solves;
    ${
      stored
        ? `update users u set score = u.score_adjustment + s.total, score_updated_at = s.last
      from (select user_id, sum(points)::int as total, max(solved_at) as last from solves group by user_id) s
     where s.user_id = u.id;
    update users set score = score_adjustment
     where id like 'bench-u%' and not exists (select 1 from solves where solves.user_id = users.id);`
        : ''
    }
    commit;
    analyze;
  `);

  const counts = await db.query<{ id: string; n: number }>(
    'select challenge_id as id, count(*)::int as n from solves group by challenge_id',
  );
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  const challenges = catalogue.map((c) => ({ id: c.id, points: c.points, solvers: byId.get(c.id) ?? 0 }));
  const sorted = [...challenges].sort((a, b) => a.solvers - b.solvers);
  return {
    seconds: (performance.now() - started) / 1000,
    challenges,
    rarest: sorted[0]!,
    secondRarest: sorted[1]!,
  };
}

/** 1-based indices of seeded players who have not solved `challengeId`, skipping the ones in `exclude`. */
export async function playersWithoutSolve(
  db: SqlRunner,
  challengeId: string,
  count: number,
  exclude: ReadonlySet<number> = new Set(),
): Promise<number[]> {
  const rows = await db.query<{ id: string }>(
    `select u.id from users u
      where u.id like 'bench-u%'
        and not exists (select 1 from solves s where s.user_id = u.id and s.challenge_id = $1)
      order by u.id desc limit $2`,
    [challengeId, count + exclude.size],
  );
  return rows
    .map((r) => Number(r.id.slice('bench-u'.length)))
    .filter((i) => !exclude.has(i))
    .slice(0, count);
}

export interface IntegrityReport {
  /** Players for whom the score invariant does not hold (score-invariant.ts). */
  scoreMismatches: number;
  /** (user, challenge) pairs solved more than once. */
  doubledSolves: number;
  /** Acknowledged solves missing from the database. */
  missingAcknowledged: number;
  totalSolves: number;
  /**
   * Places of the leaderboard where the server's live ledger and a ledger rebuilt from the rows (a server started afresh)
   * differ (ledger-check.ts); absent where not checked.
   */
  ledgerMismatches?: number;
}

export async function checkIntegrity(
  db: SqlRunner,
  acknowledged: readonly { userIndex: number; challengeId: string }[],
): Promise<IntegrityReport> {
  const scoreMismatches = await countScoreInvariantBreaks(db);
  const [doubled] = await db.query<{ n: number }>(
    'select count(*)::int as n from (select 1 from solves group by user_id, challenge_id having count(*) > 1) d',
  );
  const [total] = await db.query<{ n: number }>('select count(*)::int as n from solves');
  let missing = 0;
  const byChallenge = new Map<string, string[]>();
  for (const a of acknowledged) byChallenge.set(a.challengeId, [...(byChallenge.get(a.challengeId) ?? []), userId(a.userIndex)]);
  for (const [challengeId, ids] of byChallenge) {
    const [present] = await db.query<{ n: number }>(
      'select count(*)::int as n from solves where challenge_id = $1 and user_id = any($2::text[])',
      [challengeId, ids],
    );
    missing += ids.length - (present?.n ?? 0);
  }
  return {
    scoreMismatches,
    doubledSolves: doubled?.n ?? -1,
    missingAcknowledged: missing,
    totalSolves: total?.n ?? -1,
  };
}
