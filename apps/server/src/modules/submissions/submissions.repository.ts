import { sql } from 'drizzle-orm';

import { arrayOf } from '../../db/array-params.js';
import type { Db } from '../../db/client.js';
import { flagIncidents, submissions } from '../../db/schema/index.js';
import { createKeyedBatches } from '../../lib/keyed-batches.js';
import { rowsOf } from '../../db/rows-of.js';

interface AttemptRecord {
  userId: string;
  challengeId: string;
  submitted: string;
  isCorrect: boolean;
  ip: string | null;
}

export interface SubmissionsRepository {
  insertAttempt(attempt: AttemptRecord): Promise<void>;
  /** The attempts of a batch of correct flags, in one statement. */
  insertAttempts(attempts: readonly AttemptRecord[]): Promise<void>;
  /**
   * Inserts these solves in one statement, in their order (ids follow it: of two solves of one instant, the first blood
   * is the lower id), and answers, per user whose solve went in, its row with the names a live announcement shows. The
   * unique (user, challenge) constraint, and in team mode the unique (team, challenge) one, leave out a second one
   * instead of a double solve, whatever the concurrency (docs/conventions.md#validation-and-errors).
   */
  insertSolves(
    solves: readonly { userId: string; teamId: string | null; challengeId: string; solvedAt: Date }[],
  ): Promise<Map<string, InsertedSolve>>;
  /**
   * Records a wrong attempt and tells whether the user had already solved the challenge, once the attempt is committed.
   * Concurrent calls share one statement (the hot path of wrong flags, docs/performance.md).
   */
  recordWrongAttempt(attempt: WrongAttempt): Promise<{ alreadySolved: boolean }>;
  /** Wrong attempts so far, under a per-(user, challenge) lock held until the transaction ends. */
  lockAndCountWrongAttempts(userId: string, challengeId: string): Promise<number>;
  insertIncident(incident: {
    challengeId: string;
    submitterId: string;
    ownerId: string | null;
    submitterTeamId?: string | null;
    ownerTeamId?: string | null;
  }): Promise<{ id: number; createdAt: Date }>;
  findUsername(userId: string): Promise<string>;
  /** A team's name, and the member who answers for it: its captain, else its longest-standing member (none if empty). */
  findTeamForIncident(teamId: string): Promise<{ name: string; memberId: string | null }>;
}

interface InsertedSolve {
  id: number;
  userId: string;
  teamId: string | null;
  challengeId: string;
  solvedAt: number;
  username: string;
  teamName: string | null;
}

/** `db` may be a transaction: the solve's unit of work (app.ts) builds one on its transaction. */
export function createSubmissionsRepository(db: Db): SubmissionsRepository {
  let recordWrong: ReturnType<typeof createWrongAttemptBatcher> | undefined;
  return {
    async insertAttempt(attempt: AttemptRecord): Promise<void> {
      await db.insert(submissions).values(attempt);
    },
    // A batch's rows go as array parameters (db/array-params.ts): one constant statement whatever the batch's size.
    async insertAttempts(attempts) {
      if (attempts.length === 0) return;
      const column = <T>(of: (attempt: AttemptRecord) => T, type: string) => arrayOf(attempts.map(of), type);
      await db.execute(sql`insert into submissions (user_id, challenge_id, submitted, is_correct, ip)
        select * from unnest(${column((a) => a.userId, 'text')}, ${column((a) => a.challengeId, 'text')},
          ${column((a) => a.submitted, 'text')}, ${column((a) => a.isCorrect, 'boolean')}, ${column((a) => a.ip, 'text')})`);
    },
    async insertSolves(rows) {
      if (rows.length === 0) return new Map();
      const column = <T>(of: (row: (typeof rows)[number]) => T, type: string) => arrayOf(rows.map(of), type);
      // In the batch's order (ordinality), which the ids follow. The time is the server's clock (lib/clock.ts), which
      // the freeze's cut-off compares with (docs/product.md#freeze). Either unique constraint leaves a solve out: the
      // player's own, or (team mode) their team's.
      const result = await db.execute(sql`with inserted as (insert into solves (user_id, team_id, challenge_id, solved_at)
        select s.user_id, s.team_id, s.challenge_id, s.solved_at
        from unnest(${column((r) => r.userId, 'text')}, ${column((r) => r.teamId, 'text')},
          ${column((r) => r.challengeId, 'text')}, ${column((r) => r.solvedAt.toISOString(), 'timestamptz')})
          with ordinality as s(user_id, team_id, challenge_id, solved_at, n)
        order by s.n
        on conflict do nothing
        returning id, user_id, team_id, challenge_id, solved_at)
        select i.*, coalesce(u.display_username, u.username, '') as username, t.name as team_name
        from inserted i join users u on u.id = i.user_id left join teams t on t.id = i.team_id`);
      const inserted = new Map<string, InsertedSolve>();
      for (const row of rowsOf<{
        id: number | string;
        user_id: string;
        team_id: string | null;
        challenge_id: string;
        solved_at: string | Date;
        username: string;
        team_name: string | null;
      }>(result)) {
        inserted.set(row.user_id, {
          id: Number(row.id),
          userId: row.user_id,
          teamId: row.team_id,
          challengeId: row.challenge_id,
          solvedAt: new Date(row.solved_at).getTime(),
          username: row.username,
          teamName: row.team_name,
        });
      }
      return inserted;
    },
    async recordWrongAttempt(attempt) {
      recordWrong ??= createWrongAttemptBatcher(db);
      return { alreadySolved: await recordWrong(attempt) };
    },
    async findTeamForIncident(teamId) {
      const result = await db.execute(sql`select t.name, coalesce(t.captain_id, (select m.user_id from team_members m
          where m.team_id = t.id order by m.joined_at, m.user_id limit 1)) as member_id
        from teams t where t.id = ${teamId}`);
      const row = rowsOf<{ name: string; member_id: string | null }>(result)[0];
      return { name: row?.name ?? '', memberId: row?.member_id ?? null };
    },
    async lockAndCountWrongAttempts(userId, challengeId) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`attempts:${userId}:${challengeId}`}))`);
      const result = await db.execute(sql`select count(*)::int as n from submissions
        where user_id = ${userId} and challenge_id = ${challengeId} and is_correct = false`);
      return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    },
    async insertIncident(incident) {
      const [row] = await db.insert(flagIncidents).values(incident).returning();
      return { id: row!.id, createdAt: row!.createdAt };
    },
    async findUsername(userId) {
      const result = await db.execute(
        sql`select coalesce(display_username, username, '') as name from users where id = ${userId}`,
      );
      return rowsOf<{ name: string }>(result)[0]?.name ?? '';
    },
  };
}

type WrongAttempt = Omit<AttemptRecord, 'isCorrect'>;

/**
 * Application-level group commit for wrong attempts (lib/keyed-batches.ts, one key for all): while one insert is
 * running, the attempts that arrive wait, then go in together as one statement that also reads which of them were
 * already solved. Each caller still gets its answer only after its row is committed; under load, one statement (and one
 * commit) serves dozens of requests. A batch that fails (e.g. a user deleted meanwhile) is run again attempt by attempt.
 */
function createWrongAttemptBatcher(db: Db) {
  // One constant statement whatever the batch's size: the rows arrive as four array parameters, so drizzle builds no
  // statement per batch (it did, row by row, for a fifth of a wrong flag's CPU) and PostgreSQL parses the same text.
  // Index-only lookups per inserted attempt: the player's own solve (solves_user_challenge_uq), or their team's
  // (team_members' key, then solves_team_challenge_uq: in team mode every solve is a team's, and a player who left their
  // team keeps none of its solves).
  const write = async (_key: string, attempts: readonly WrongAttempt[]): Promise<boolean[]> => {
    const column = (of: (attempt: WrongAttempt) => string | null) => arrayOf(attempts.map(of), 'text');
    const result = await db.execute(sql`with inserted as (
        insert into submissions (user_id, challenge_id, submitted, is_correct, ip)
        select a.user_id, a.challenge_id, a.submitted, false, a.ip
        from unnest(${column((a) => a.userId)}, ${column((a) => a.challengeId)},
          ${column((a) => a.submitted)}, ${column((a) => a.ip)}) as a(user_id, challenge_id, submitted, ip)
        returning user_id, challenge_id)
      select i.user_id, i.challenge_id from inserted i
      where exists (select 1 from solves s where s.user_id = i.user_id and s.challenge_id = i.challenge_id and s.team_id is null)
        or exists (select 1 from team_members m join solves s on s.team_id = m.team_id
          where m.user_id = i.user_id and s.challenge_id = i.challenge_id)`);
    const solved = new Set(
      rowsOf<{ user_id: string; challenge_id: string }>(result).map((r) => `${r.user_id}|${r.challenge_id}`),
    );
    return attempts.map((a) => solved.has(`${a.userId}|${a.challengeId}`));
  };
  const batches = createKeyedBatches(write, 500);
  return (attempt: WrongAttempt): Promise<boolean> => batches.submit('wrong attempts', attempt);
}
