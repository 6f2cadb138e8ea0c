import type { BanUserBody, PublicUser } from '@drapeau/shared';

import { badRequest, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import type { AuditService } from '../audit/audit.service.js';

import type { BansRepository } from './bans.repository.js';

/**
 * Suspending and restoring accounts (docs/decisions/012-accounts.md). The ban lives in better-auth's own columns, so that
 * its admin plugin refuses the next sign-in (and lifts a ban past its end); the sessions are deleted in the same
 * transaction as the ban and its audit entry, and every instance forgets the ones it remembered (`revokeSessions`).
 */
export function createBansService(deps: {
  /** One transaction per change: the ban, the deleted sessions and the audit entry commit together. */
  transaction: UnitOfWork<{ bans: BansRepository; audit: Pick<AuditService, 'record'> }>;
  clock: Clock;
  revokeSessions: (userId: string) => Promise<void>;
  /** API tokens of the user stop with the ban too. */
  revokeTokens?: (userId: string) => Promise<void>;
  loadUser: (userId: string, actorId: string) => Promise<PublicUser>;
}) {
  const { transaction } = deps;
  const userNotFound = () => notFound('USER_NOT_FOUND', 'This user does not exist.');

  return {
    async banUser(actorId: string, userId: string, body: BanUserBody): Promise<PublicUser> {
      if (userId === actorId) throw badRequest('CANNOT_BAN_SELF', 'You cannot suspend your own account.');
      const until = body.until ? new Date(body.until) : null;
      if (until && until.getTime() <= deps.clock.now().getTime()) {
        throw badRequest('VALIDATION_FAILED', 'The end of a suspension must be in the future.');
      }
      await transaction(async ({ bans: tx, audit }) => {
        const target = await tx.lockUser(userId);
        if (!target) throw userNotFound();
        await tx.setBan(userId, { reason: body.reason, until });
        await tx.deleteSessions(userId);
        await audit.record({
          actorId,
          action: 'user.ban',
          targetUserId: userId,
          targetName: target.username,
          details: { reason: body.reason, until: until?.toISOString() ?? null },
        });
      });
      await deps.revokeSessions(userId);
      return deps.loadUser(userId, actorId);
    },

    async unbanUser(actorId: string, userId: string): Promise<PublicUser> {
      await transaction(async ({ bans: tx, audit }) => {
        const target = await tx.lockUser(userId);
        if (!target) throw userNotFound();
        await tx.setBan(userId, null);
        await audit.record({ actorId, action: 'user.unban', targetUserId: userId, targetName: target.username });
      });
      await deps.revokeSessions(userId);
      return deps.loadUser(userId, actorId);
    },
  };
}
export type BansService = ReturnType<typeof createBansService>;
