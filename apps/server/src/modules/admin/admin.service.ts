import type { z } from 'zod';

import {
  ADMIN_PAGE_SIZE,
  type AdminStats,
  type AdminSubmissionPage,
  type AdminSubmissionQuerySchema,
  type AdminUpdateUserBody,
  type AdminUserPage,
  type AdminUserQuerySchema,
  type PublicUser,
} from '@drapeau/shared';

import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import type { AuditRecord, AuditService } from '../audit/audit.service.js';
import type { EventBus } from '../events/event-bus.js';
import type { ScoringService } from '../scoring/scoring.service.js';
import { toPublicUser, toRole } from '../users/users.service.js';

import { type AdminRepository, isUsernameConflict } from './admin.repository.js';
import type { AdminSubmissionsRepository } from './admin-submissions.repository.js';

/** Where avatars are stored; the files of a deleted user go with the account. */
export interface AvatarStore {
  deleteAvatar(userId: string, avatarPath: string | null): Promise<void>;
}

/** What an admin change uses inside its transaction: all of it commits together or not at all. */
interface AdminScope {
  users: AdminRepository;
  audit: Pick<AuditService, 'record'>;
  /** Awards the badges the user now meets, at this score, and does not hold yet; the ids of the new ones. */
  awardEarnedBadges: (userId: string, score: number) => Promise<string[]>;
}

export interface AdminServiceDeps {
  /** Reads outside a transaction. */
  repository: AdminRepository;
  submissions: AdminSubmissionsRepository;
  transaction: UnitOfWork<AdminScope>;
  events: EventBus;
  avatars: AvatarStore;
  /** The scoring ledger: every score (docs/decisions/007-scoring.md); read again after a change of its facts here. */
  scoring: Pick<ScoringService, 'liveStandings' | 'scoreOf' | 'reload'>;
  /** Ends the user's sessions on every instance after a change of role or a deletion (auth.service revokeSessions). */
  revokeSessions?: (userId: string) => Promise<void>;
  /** Told when a step after the commit fails (the avatar file of a deleted user); rethrown when omitted. */
  reportError?: (error: unknown, message: string) => void;
}

export type AdminUserQuery = z.output<typeof AdminUserQuerySchema>;
export type AdminSubmissionQuery = z.output<typeof AdminSubmissionQuerySchema>;

const userNotFound = () => notFound('USER_NOT_FOUND', 'This user does not exist.');
const usernameTaken = () => conflict('USERNAME_TAKEN', 'This username is already taken.');
const pageWindow = (page: number) => ({ offset: (page - 1) * ADMIN_PAGE_SIZE, limit: ADMIN_PAGE_SIZE });

/**
 * The admin panel's rules (docs/product.md#admin-panel, #validation). Each change, its audit entries and its badge awards commit
 * in one transaction; the leaderboard is told after the commit.
 */
export function createAdminService(deps: AdminServiceDeps) {
  const { repository, transaction, events, avatars } = deps;

  /** The user's row, read inside the caller's transaction (the score comes after it: see `asAdminSees`). */
  async function loadUserRow(repo: AdminRepository, userId: string) {
    const row = await repo.findUserById(userId);
    if (!row) throw userNotFound();
    return row;
  }
  /**
   * The user as an admin sees it (email included), once the transaction is over: a ledger read may wait for a read of
   * its facts on the database, which PGlite's one connection gives only after the transaction (a deadlock inside it).
   */
  async function asAdminSees(row: Awaited<ReturnType<typeof loadUserRow>>, actorId: string, score?: number) {
    return toPublicUser(row, { userId: actorId, role: 'admin' }, score ?? (await deps.scoring.scoreOf('players', row.id)));
  }

  return {
    async getStats(): Promise<AdminStats> {
      const { totalUsers, admins } = await repository.computeStats();
      let totalPoints = 0;
      for (const standing of (await deps.scoring.liveStandings('players')).values()) totalPoints += standing.score;
      return { totalUsers, admins, totalPoints, avgScore: totalUsers === 0 ? 0 : Math.round(totalPoints / totalUsers) };
    },

    /** Paged and searched on the server (docs/product.md#admin-panel): username or email substring, any case. */
    async listUsers(query: AdminUserQuery, actorId: string): Promise<AdminUserPage> {
      // Ordered by score (the ledger's), then by arrival.
      const scores = await deps.scoring.liveStandings('players');
      const scoreOf = (id: string) => scores.get(id)?.score ?? 0;
      const matching = (await repository.listUserIds(query.search || undefined)).sort(
        (a, b) => scoreOf(b.id) - scoreOf(a.id) || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
      );
      const { offset, limit } = pageWindow(query.page);
      const ids = matching.slice(offset, offset + limit).map((row) => row.id);
      const rows = new Map((await repository.listUsersByIds(ids)).map((row) => [row.id, row]));
      return {
        users: ids.flatMap((id) => {
          const row = rows.get(id);
          return row ? [toPublicUser(row, { userId: actorId, role: 'admin' }, scoreOf(id))] : [];
        }),
        total: matching.length,
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },

    /** Edit User (docs/product.md#admin-panel): username, bio, score (the total wanted) and rank, all or nothing. */
    async updateUser(actorId: string, userId: string, body: AdminUpdateUserBody): Promise<PublicUser> {
      if (userId === actorId && body.rank !== undefined && body.rank !== 'admin') {
        // Keeps the instance from losing its last admin by accident: another admin has to do it.
        throw forbidden('FORBIDDEN', 'You cannot remove your own admin rank.');
      }
      let changed = false;
      let roleChanged = false;
      let scoreSet: number | undefined;
      // Read before the transaction: the ledger's first read goes through its own connection, which PGlite's one
      // connection would give it only after the transaction.
      const score = await deps.scoring.scoreOf('players', userId);
      try {
        const user = await transaction(async ({ users: tx, audit, awardEarnedBadges }) => {
          const before = await tx.lockUser(userId);
          if (!before) throw userNotFound();
          const entries: Omit<AuditRecord, 'actorId' | 'targetUserId' | 'targetName'>[] = [];

          const profile: { username?: string; bio?: string } = {};
          const details: Record<string, unknown> = {};
          if (body.username !== undefined && body.username !== before.username) {
            if (await tx.isUsernameTakenByOther(body.username, userId)) throw usernameTaken();
            profile.username = body.username;
            details.username = { from: before.username, to: body.username };
          }
          if (body.bio !== undefined && body.bio !== before.bio) {
            profile.bio = body.bio;
            details.bio = { from: before.bio, to: body.bio };
          }
          if (Object.keys(profile).length > 0) {
            await tx.updateProfile(userId, profile);
            entries.push({ action: 'user.update', details });
          }

          if (body.score !== undefined && body.score !== score) {
            await tx.insertScoreAdjustment({ userId, amount: body.score, delta: body.score - score, actorId });
            scoreSet = body.score;
            const newBadges = await awardEarnedBadges(userId, body.score);
            entries.push({ action: 'user.score', details: { from: score, to: body.score, newBadges } });
          }

          const role = toRole(before.role);
          roleChanged = body.rank !== undefined && body.rank !== role;
          if (body.rank !== undefined && body.rank !== role) {
            await tx.updateRole(userId, body.rank);
            entries.push({ action: 'user.role', details: { from: role, to: body.rank } });
          }

          const targetName = profile.username ?? before.username;
          for (const entry of entries) await audit.record({ ...entry, actorId, targetUserId: userId, targetName });
          changed = entries.length > 0;
          return loadUserRow(tx, userId);
        });
        if (scoreSet !== undefined) await deps.scoring.reload();
        if (roleChanged) await deps.revokeSessions?.(userId);
        if (changed) events.publish('leaderboard', { reason: 'user-updated' });
        return await asAdminSees(user, actorId, scoreSet);
      } catch (error) {
        throw isUsernameConflict(error) ? usernameTaken() : error;
      }
    },

    /** Award Badge (docs/product.md#badges): blocked if already held. */
    async awardBadge(actorId: string, userId: string, badgeId: string): Promise<PublicUser> {
      const user = await transaction(async ({ users: tx, audit }) => {
        const target = await tx.lockUser(userId);
        if (!target) throw userNotFound();
        if (!(await tx.badgeExists(badgeId))) throw notFound('BADGE_NOT_FOUND', 'This badge does not exist.');
        if (!(await tx.insertUserBadge(userId, badgeId))) {
          throw conflict('ALREADY_AWARDED', 'This user already has this badge.');
        }
        await audit.record({
          actorId,
          action: 'badge.award',
          targetUserId: userId,
          targetName: target.username,
          details: { badgeId },
        });
        return loadUserRow(tx, userId);
      });
      events.publish('leaderboard', { reason: 'user-updated' });
      return asAdminSees(user, actorId);
    },

    /**
     * Clicking a badge chip removes it (docs/product.md#admin-panel). A badge whose rule the user still meets comes back
     * with their next solve.
     */
    async removeBadge(actorId: string, userId: string, badgeId: string): Promise<PublicUser> {
      const user = await transaction(async ({ users: tx, audit }) => {
        const target = await tx.lockUser(userId);
        if (!target) throw userNotFound();
        if (!(await tx.deleteUserBadge(userId, badgeId))) {
          throw notFound('BADGE_NOT_FOUND', 'This user does not hold this badge.');
        }
        await audit.record({
          actorId,
          action: 'badge.remove',
          targetUserId: userId,
          targetName: target.username,
          details: { badgeId },
        });
        return loadUserRow(tx, userId);
      });
      events.publish('leaderboard', { reason: 'user-updated' });
      return asAdminSees(user, actorId);
    },

    /**
     * Never oneself (docs/product.md#validation). Solves, badges, submissions and sessions go with the row
     * (docs/product.md#users).
     */
    async deleteUser(actorId: string, userId: string): Promise<{ ok: true }> {
      if (userId === actorId) throw badRequest('CANNOT_DELETE_SELF', 'You cannot delete your own account.');
      const score = await deps.scoring.scoreOf('players', userId); // before the transaction, as in updateUser
      const deleted = await transaction(async ({ users: tx, audit }) => {
        const target = await tx.lockUser(userId);
        if (!target) throw userNotFound();
        await audit.record({
          actorId,
          action: 'user.delete',
          targetUserId: userId,
          targetName: target.username,
          details: { email: target.email, score, rank: toRole(target.role) },
        });
        await tx.deleteUser(userId);
        return target;
      });
      await deps.revokeSessions?.(userId);
      await deps.scoring.reload();
      events.publish('leaderboard', { reason: 'user-deleted' });
      // After the commit: a file cannot roll back with a transaction, and a left-over file is harmless.
      try {
        await avatars.deleteAvatar(userId, deleted.avatarPath);
      } catch (error) {
        if (!deps.reportError) throw error;
        deps.reportError(error, 'could not delete the avatar of a deleted user');
      }
      return { ok: true };
    },

    /** Every flag attempt, newest first. `user` is a username or email substring, or an exact user id. */
    async listSubmissions(query: AdminSubmissionQuery): Promise<AdminSubmissionPage> {
      const { rows, total } = await deps.submissions.listSubmissions(
        {
          user: query.user || undefined,
          challenge: query.challenge || undefined,
          isCorrect: query.result === undefined ? undefined : query.result === 'correct',
        },
        pageWindow(query.page),
      );
      return {
        submissions: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        total,
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
