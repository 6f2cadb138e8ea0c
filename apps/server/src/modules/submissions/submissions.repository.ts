import { eq, sql } from 'drizzle-orm';

import { arrayOf } from '../../db/array-params.js';
import type { Db } from '../../db/client.js';
import { flagIncidents, solves, submissions, users } from '../../db/schema/index.js';
import { shownUsername } from '../../db/user-row.js';
import { createKeyedBatches } from '../../lib/keyed-batches.js';
// The score SQL is the catalogue's: one definition of how a solve's points follow a challenge's value.
import { createCatalogueRepository } from '../challenges/catalogue.repository.js';
import type { SolveOwner } from '../challenges/challenge.js';
import { rowsOf } from '../challenges/categories.repository.js';

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
   * Inserts these solves in one statement, in their order (ids follow it: the first-blood rule takes the lowest), and
   * answers the users whose solve went in. The unique (user, challenge) constraint, and in team mode the unique (team,
   * challenge) one, leave out a second one instead of a double solve, whatever the concurrency
   * (docs/conventions.md#validation-and-errors: the database guards invariants).
   */
  insertSolves(
    solves: readonly { userId: string; teamId: string | null; challengeId: string; points: number; solvedAt: Date }[],
  ): Promise<Set<string>>;
  /**
   * Records a wrong attempt and tells whether the user had already solved the challenge, once the attempt is committed.
   * Concurrent calls share one statement (the hot path of wrong flags, docs/performance.md).
   */
  recordWrongAttempt(attempt: WrongAttempt): Promise<{ alreadySolved: boolean }>;
  /** Adds to these users' scores in one statement and returns each new score and shown username. */
  addToScores(deltas: readonly { userId: string; points: number }[]): Promise<Map<string, { score: number; username: string }>>;
  /** Locks the challenge's row for this transaction and counts its solves (dynamic values count one solve at a time). */
  lockChallenge(challengeId: string): Promise<number>;
  /** The costs of the hints this player (in team mode, this team) opened on this challenge. */
  sumHintCosts(owner: SolveOwner, challengeId: string): Promise<number>;
  /** Held until the transaction ends: a hint opened by this player (team) meanwhile waits (see the catalogue repository). */
  lockHintsOf(owner: SolveOwner, challengeId: string): Promise<void>;
  /** Every solver's points follow the challenge's new value (see the catalogue repository). */
  recomputeSolvePoints(challengeId: string, value: number): Promise<void>;
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
  /** Whether the challenge has a committed solve: then this solve cannot be its first blood. Reads one index entry. */
  hasSolves(challengeId: string): Promise<boolean>;
  /** The first-blood bonus, held for the transaction (see the catalogue repository). */
  lockFirstBloodBonus(): Promise<number>;
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
      if (rows.length === 0) return new Set();
      const column = <T>(of: (row: (typeof rows)[number]) => T, type: string) => arrayOf(rows.map(of), type);
      // In the batch's order (ordinality), which the ids follow. The time is the server's clock (lib/clock.ts), which
      // the freeze's cut-off compares with (docs/product.md#freeze). Either unique constraint leaves a solve out: the
      // player's own, or (team mode) their team's.
      const result = await db.execute(sql`insert into solves (user_id, team_id, challenge_id, points, solved_at)
        select s.user_id, s.team_id, s.challenge_id, s.points, s.solved_at
        from unnest(${column((r) => r.userId, 'text')}, ${column((r) => r.teamId, 'text')},
          ${column((r) => r.challengeId, 'text')}, ${column((r) => r.points, 'int')},
          ${column((r) => r.solvedAt.toISOString(), 'timestamptz')})
          with ordinality as s(user_id, team_id, challenge_id, points, solved_at, n)
        order by s.n
        on conflict do nothing
        returning user_id`);
      return new Set(rowsOf<{ user_id: string }>(result).map((row) => row.user_id));
    },
    async addToScores(deltas) {
      const moved = new Map<string, { score: number; username: string }>();
      if (deltas.length === 0) return moved;
      const userIds = arrayOf(
        deltas.map((d) => d.userId),
        'text',
      );
      const points = arrayOf(
        deltas.map((d) => d.points),
        'int',
      );
      const rows = await db
        .update(users)
        .set({ score: sql`${users.score} + d.points`, scoreUpdatedAt: sql`now()` })
        .from(sql`unnest(${userIds}, ${points}) as d(user_id, points)`)
        .where(sql`${users.id} = d.user_id`)
        .returning({ id: users.id, score: users.score, username: shownUsername });
      for (const row of rows) moved.set(row.id, { score: row.score, username: row.username });
      return moved;
    },
    async recordWrongAttempt(attempt) {
      recordWrong ??= createWrongAttemptBatcher(db);
      return { alreadySolved: await recordWrong(attempt) };
    },
    async lockChallenge(challengeId) {
      return createCatalogueRepository(db).lockChallenge(challengeId);
    },
    async sumHintCosts(owner, challengeId) {
      const who = 'teamId' in owner ? sql`u.team_id = ${owner.teamId}` : sql`u.user_id = ${owner.userId} and u.team_id is null`;
      const result = await db.execute(sql`select coalesce(sum(h.cost), 0)::int as n from hint_unlocks u
        join challenge_hints h on h.id = u.hint_id where ${who} and u.challenge_id = ${challengeId}`);
      return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    },
    async lockHintsOf(owner, challengeId) {
      await createCatalogueRepository(db).lockHintsOf(owner, challengeId);
    },
    async findTeamForIncident(teamId) {
      const result = await db.execute(sql`select t.name, coalesce(t.captain_id, (select m.user_id from team_members m
          where m.team_id = t.id order by m.joined_at, m.user_id limit 1)) as member_id
        from teams t where t.id = ${teamId}`);
      const row = rowsOf<{ name: string; member_id: string | null }>(result)[0];
      return { name: row?.name ?? '', memberId: row?.member_id ?? null };
    },
    async recomputeSolvePoints(challengeId, value) {
      await createCatalogueRepository(db).recomputeSolvePoints(challengeId, value);
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
    async hasSolves(challengeId) {
      const rows = await db.select({ id: solves.id }).from(solves).where(eq(solves.challengeId, challengeId)).limit(1);
      return rows.length > 0;
    },
    async lockFirstBloodBonus() {
      return createCatalogueRepository(db).lockFirstBloodBonus();
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
