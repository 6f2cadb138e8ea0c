import type { PublicUser, Role, UpdateProfileBody } from '@drapeau/shared';

import { conflict, notFound, rateLimited } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { EventBus } from '../events/event-bus.js';

import type { AvatarsService } from './avatars.service.js';
import { avatarUrlOf } from './avatar-url.js';
import type { UserRow, UsersRepository } from './users.repository.js';

export interface Viewer {
  userId: string;
  role: Role;
}

/** The stored role; anything unknown reads as a plain player (docs/product.md#classes for teachers). */
export function toRole(value: string): Role {
  return value === 'admin' || value === 'teacher' ? value : 'user';
}

/** A ban in force: set and not past its end. */
function banOf(row: UserRow): { reason: string; until: string | null } | null {
  if (row.banned !== true) return null;
  if (row.banExpires && row.banExpires.getTime() <= Date.now()) return null;
  return { reason: row.banReason ?? '', until: row.banExpires?.toISOString() ?? null };
}

/**
 * The API's user shape (docs/product.md#users). The email is shown to its owner and to admins only; whether it is
 * confirmed, only while email verification is on (with it off, "not confirmed" means nothing, docs/decisions/012-accounts.md).
 * `score` is the scoring ledger's (docs/decisions/007-scoring.md).
 */
export function toPublicUser(row: UserRow, viewer: Viewer | null, score: number, isVerificationOn = true): PublicUser {
  const canSeeEmail = viewer !== null && (viewer.userId === row.id || viewer.role === 'admin');
  return {
    uid: row.id,
    username: row.username ?? row.normalizedUsername ?? '',
    ...(canSeeEmail ? { email: row.email, ...(isVerificationOn ? { emailVerified: row.emailVerified } : {}) } : {}),
    rank: toRole(row.role),
    score,
    solvedChallenges: row.solvedChallenges,
    avatarUrl: avatarUrlOf(row.id, row.avatarPath),
    bio: row.bio,
    badges: row.badges,
    createdAt: row.createdAt.toISOString(),
    ...(viewer?.role === 'admin' ? { ban: banOf(row) } : {}),
  };
}

export function createUsersService(deps: {
  repository: UsersRepository;
  avatars: AvatarsService;
  events: EventBus;
  /** Per player: profile changes (each rename reaches every live stream) and avatar uploads (each is decoded). */
  profileLimiter: RateLimiter;
  avatarLimiter: RateLimiter;
  /** Refuses staff names and look-alikes of other players' (auth/username-policy.ts). */
  checkUsername: (username: string, exceptUserId: string) => Promise<void>;
  /** A player's live score, from the scoring ledger (docs/decisions/007-scoring.md). */
  scoreOf: (userId: string) => Promise<number>;
  /** During a freeze (docs/product.md#freeze): what others' profiles showed at the freeze, and one's own score as seen. */
  freeze?: {
    frozenProfileOf(
      userId: string,
      frozenAt: Date,
    ): Promise<{ score: number; solvedChallenges: string[]; badges: string[] } | undefined>;
    ownScoreOf(userId: string, frozenAt: Date): Promise<number>;
    solvedAfter(userId: string, frozenAt: Date): Promise<string[]>;
  };
  /** The challenges a player solved first, live or as at the freeze (first blood, docs/product.md#first-blood). */
  firstBloodsOf?: (userId: string, frozenAt: Date | null) => Promise<string[]>;
  /** The `emailVerification` setting is not `off` (read at each use); default on. */
  isVerificationOn?: () => boolean;
}) {
  const { repository, avatars, events, profileLimiter, avatarLimiter } = deps;
  const consume = async (limiter: RateLimiter, userId: string) => {
    const consumed = await limiter.consume(userId);
    if (!consumed.allowed) throw rateLimited(consumed.retryAfterSeconds);
  };

  async function getUser(userId: string, viewer: Viewer | null, frozenAt: Date | null = null): Promise<PublicUser> {
    const row = await repository.findUserById(userId);
    if (!row) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
    const user = {
      ...toPublicUser(row, viewer, await deps.scoreOf(userId), deps.isVerificationOn?.() ?? true),
      firstBloods: (await deps.firstBloodsOf?.(userId, frozenAt)) ?? [],
    };
    if (frozenAt === null || !deps.freeze) return user;
    if (viewer?.userId === userId) {
      // One's own solves stay visible, those after the freeze marked; the score counts them at the values one sees.
      return {
        ...user,
        score: await deps.freeze.ownScoreOf(userId, frozenAt),
        solvedAfterFreeze: await deps.freeze.solvedAfter(userId, frozenAt),
      };
    }
    const frozen = await deps.freeze.frozenProfileOf(userId, frozenAt);
    return frozen ? { ...user, ...frozen } : user;
  }

  return {
    getUser,

    /** A user changes their own username and bio, nothing else (UpdateProfileBody has no other field). */
    async updateProfile(viewer: Viewer, changes: UpdateProfileBody): Promise<PublicUser> {
      await consume(profileLimiter, viewer.userId);
      const taken = () => conflict('USERNAME_TAKEN', 'This username is already taken.');
      if (changes.username !== undefined && (await repository.isUsernameTakenByOther(changes.username, viewer.userId))) {
        throw taken();
      }
      if (changes.username !== undefined) await deps.checkUsername(changes.username, viewer.userId);
      if (!(await repository.updateProfile(viewer.userId, changes))) throw taken();
      if (changes.username !== undefined) events.publish('leaderboard', { reason: 'user-updated' });
      return getUser(viewer.userId, viewer);
    },

    async updateAvatar(viewer: Viewer, data: Buffer): Promise<PublicUser> {
      const before = await repository.findUserById(viewer.userId);
      if (!before) throw notFound('USER_NOT_FOUND');
      await consume(avatarLimiter, viewer.userId);
      const fileName = await avatars.storeAvatar(viewer.userId, data);
      await repository.updateAvatarPath(viewer.userId, fileName);
      if (before.avatarPath && before.avatarPath !== fileName) await avatars.deleteAvatar(viewer.userId, before.avatarPath);
      events.publish('leaderboard', { reason: 'user-updated' });
      return getUser(viewer.userId, viewer);
    },

    async readAvatar(userId: string): Promise<Buffer> {
      const row = await repository.findUserById(userId);
      if (!row) throw notFound('USER_NOT_FOUND');
      return avatars.readAvatar(row.avatarPath);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
