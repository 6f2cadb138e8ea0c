import { LocaleSchema, type Role, WRITE_UP_LIMITS, type WriteUp, type WriteUpBody, type WriteUpPage } from '@drapeau/shared';

import { forbidden, notFound, rateLimited } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import type { AuditService } from '../audit/audit.service.js';

import { canModerateWriteUps, seesHiddenChallenges } from './write-up-access.js';
import type { WriteUpRow, WriteUpsRepository } from './write-ups.repository.js';

export interface WriteUpViewer {
  userId: string;
  role: Role;
}

const toWriteUp = (row: WriteUpRow): WriteUp => ({
  id: row.id,
  challengeId: row.challengeId,
  author: { uid: row.userId, username: row.authorName },
  language: LocaleSchema.catch('en').parse(row.language),
  title: row.title,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  isHidden: row.isHidden,
});

const notSolved = () => forbidden('CHALLENGE_NOT_SOLVED', 'Solve this challenge first: its write-ups open once you have.');
const writeUpNotFound = () => notFound('WRITE_UP_NOT_FOUND', 'No write-up has this id.');

/**
 * Write-ups (docs/product.md#write-ups): a player who solved a challenge publishes one (Markdown, EN or FR), edits or
 * deletes it; others read them once they solved it too; moderators (write-up-access.ts) read them all and hide them.
 */
export function createWriteUpsService(deps: {
  repository: WriteUpsRepository;
  /** A hide and its audit entry commit together. */
  transaction: UnitOfWork<{ writeUps: WriteUpsRepository; audit: AuditService }>;
  /**
   * 404 CHALLENGE_NOT_FOUND unless the challenge is there for this viewer: listed ones, or any one for those who see
   * hidden challenges (admins).
   */
  assertChallengeVisible: (challengeId: string, seesHidden: boolean) => Promise<void>;
  /** Whether the player has solved the challenge, as the challenge page says it (one source for both). */
  hasSolved: (userId: string, challengeId: string) => Promise<boolean>;
  /** The freeze time players are cut at (docs/product.md#freeze), or null. */
  frozenAt: () => Date | null;
  /** Writes (publish, edit, delete) per author. */
  limiter: RateLimiter;
  clock: Clock;
}) {
  const { repository, transaction } = deps;

  const consume = async (userId: string) => {
    const consumed = await deps.limiter.consume(userId);
    if (!consumed.allowed) throw rateLimited(consumed.retryAfterSeconds);
  };

  const setHidden = async (viewer: WriteUpViewer, writeUpId: number, isHidden: boolean): Promise<WriteUp> => {
    if (!canModerateWriteUps(viewer)) throw forbidden('FORBIDDEN', 'Only moderators can hide write-ups.');
    return transaction(async ({ writeUps, audit }) => {
      if (!(await writeUps.updateHidden(writeUpId, isHidden))) throw writeUpNotFound();
      const row = (await writeUps.findById(writeUpId))!;
      await audit.record({
        actorId: viewer.userId,
        action: isHidden ? 'write-up.hide' : 'write-up.unhide',
        targetUserId: row.userId,
        targetName: row.authorName,
        details: { writeUpId, challengeId: row.challengeId },
      });
      return toWriteUp(row);
    });
  };

  return {
    /**
     * The caller's own write-up and a page of the others'. Players must have solved the challenge (403
     * CHALLENGE_NOT_SOLVED); they never see hidden ones, nor, during a freeze, those written after it.
     */
    async getPage(viewer: WriteUpViewer, challengeId: string, page: number): Promise<WriteUpPage> {
      const canModerate = canModerateWriteUps(viewer);
      await deps.assertChallengeVisible(challengeId, seesHiddenChallenges(viewer));
      if (!canModerate && !(await deps.hasSolved(viewer.userId, challengeId))) throw notSolved();
      const pageSize = WRITE_UP_LIMITS.pageSize;
      const [own, { rows, total }] = await Promise.all([
        repository.findOwn(viewer.userId, challengeId),
        repository.listOthers({
          challengeId,
          exceptUserId: viewer.userId,
          includeHidden: canModerate,
          createdUpTo: canModerate ? null : deps.frozenAt(),
          offset: (page - 1) * pageSize,
          limit: pageSize,
        }),
      ]);
      return { own: own ? toWriteUp(own) : null, writeUps: rows.map(toWriteUp), canModerate, total, page, pageSize };
    },

    /** Publishes the caller's write-up, or replaces its text (one per player and challenge). Requires a solve. */
    async save(viewer: WriteUpViewer, challengeId: string, body: WriteUpBody): Promise<{ writeUp: WriteUp; isCreated: boolean }> {
      await deps.assertChallengeVisible(challengeId, seesHiddenChallenges(viewer));
      if (!(await deps.hasSolved(viewer.userId, challengeId))) throw notSolved();
      await consume(viewer.userId);
      const title = body.title?.trim() ? body.title.trim() : null;
      const { id, isCreated } = await repository.upsert(
        viewer.userId,
        challengeId,
        { language: body.language, title, body: body.body.trim() },
        deps.clock.now(),
      );
      const row = await repository.findById(id);
      if (!row) throw writeUpNotFound(); // deleted meanwhile by a concurrent request
      return { writeUp: toWriteUp(row), isCreated };
    },

    /** Deletes the caller's own write-up of this challenge (404 WRITE_UP_NOT_FOUND when there is none). */
    async removeOwn(viewer: WriteUpViewer, challengeId: string): Promise<void> {
      await consume(viewer.userId);
      if (!(await repository.deleteOwn(viewer.userId, challengeId))) throw writeUpNotFound();
    },

    hide: (viewer: WriteUpViewer, writeUpId: number) => setHidden(viewer, writeUpId, true),
    unhide: (viewer: WriteUpViewer, writeUpId: number) => setHidden(viewer, writeUpId, false),
  };
}
export type WriteUpsService = ReturnType<typeof createWriteUpsService>;
