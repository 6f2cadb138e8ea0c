import { and, count, desc, eq, or } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { submissions, users } from '../../db/schema/index.js';
import { shownUsername } from '../../db/user-row.js';

import { matchesUser, type PageWindow } from './admin.repository.js';

export interface SubmissionRow {
  id: number;
  userId: string;
  username: string;
  challengeId: string;
  submitted: string;
  isCorrect: boolean;
  ip: string | null;
  createdAt: Date;
}

export interface SubmissionFilter {
  /** Username or email substring, or an exact user id. */
  user?: string | undefined;
  challenge?: string | undefined;
  isCorrect?: boolean | undefined;
}

/** Every flag attempt, for admins (the submitted text never leaves the admin API). */
export function createAdminSubmissionsRepository(db: Db) {
  return {
    async listSubmissions(filter: SubmissionFilter, window: PageWindow): Promise<{ rows: SubmissionRow[]; total: number }> {
      const where = and(
        filter.user ? or(eq(submissions.userId, filter.user), matchesUser(filter.user)) : undefined,
        filter.challenge ? eq(submissions.challengeId, filter.challenge) : undefined,
        filter.isCorrect === undefined ? undefined : eq(submissions.isCorrect, filter.isCorrect),
      );
      const rows = await db
        .select({
          id: submissions.id,
          userId: submissions.userId,
          username: shownUsername,
          challengeId: submissions.challengeId,
          submitted: submissions.submitted,
          isCorrect: submissions.isCorrect,
          ip: submissions.ip,
          createdAt: submissions.createdAt,
        })
        .from(submissions)
        .innerJoin(users, eq(users.id, submissions.userId))
        .where(where)
        .orderBy(desc(submissions.createdAt), desc(submissions.id))
        .limit(window.limit)
        .offset(window.offset);
      const [total] = await db
        .select({ n: count() })
        .from(submissions)
        .innerJoin(users, eq(users.id, submissions.userId))
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type AdminSubmissionsRepository = ReturnType<typeof createAdminSubmissionsRepository>;
