import { count, eq, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { solves, submissions, users } from '../../db/schema/index.js';

export interface AttemptRecord {
  userId: string;
  challengeId: string;
  submitted: string;
  isCorrect: boolean;
  ip: string | null;
}

export interface SubmissionsRepository {
  /** Runs `fn` in one transaction with a repository bound to it; the executor is handed over for other modules' services. */
  transaction<T>(fn: (repository: SubmissionsRepository, executor: Db) => Promise<T>): Promise<T>;
  insertAttempt(attempt: AttemptRecord): Promise<void>;
  /**
   * Inserts the solve; the unique (user, challenge) constraint turns a second one into `false` instead of a double
   * solve, whatever the concurrency (STYLE.md §8.6).
   */
  insertSolve(userId: string, challengeId: string, points: number): Promise<boolean>;
  /** Adds to the score in the same transaction as the solve and returns the new score and the shown username. */
  addToScore(userId: string, points: number): Promise<{ score: number; username: string }>;
  countChallengeSolves(challengeId: string): Promise<number>;
  isSolved(userId: string, challengeId: string): Promise<boolean>;
}

/** `db` may be a transaction (see transaction()). */
export function createSubmissionsRepository(db: Db): SubmissionsRepository {
  return {
    async transaction<T>(fn: (repository: SubmissionsRepository, executor: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => fn(createSubmissionsRepository(tx), tx));
    },
    async insertAttempt(attempt: AttemptRecord): Promise<void> {
      await db.insert(submissions).values(attempt);
    },
    async insertSolve(userId: string, challengeId: string, points: number): Promise<boolean> {
      const inserted = await db
        .insert(solves)
        .values({ userId, challengeId, points })
        .onConflictDoNothing({ target: [solves.userId, solves.challengeId] })
        .returning({ id: solves.id });
      return inserted.length > 0;
    },
    async addToScore(userId, points) {
      const [row] = await db
        .update(users)
        .set({ score: sql`${users.score} + ${points}`, scoreUpdatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning({ score: users.score, username: sql<string>`coalesce(${users.displayUsername}, ${users.username}, '')` });
      return { score: row?.score ?? 0, username: row?.username ?? '' };
    },
    async countChallengeSolves(challengeId) {
      const [row] = await db.select({ n: count() }).from(solves).where(eq(solves.challengeId, challengeId));
      return row?.n ?? 0;
    },
    async isSolved(userId: string, challengeId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: solves.id })
        .from(solves)
        .where(sql`${solves.userId} = ${userId} and ${solves.challengeId} = ${challengeId}`);
      return row !== undefined;
    },
  };
}
