import type { PublicUser, Role, UpdateProfileBody } from '@drapeau/shared';

import { conflict, notFound } from '../../lib/app-error.js';
import type { EventBus } from '../events/event-bus.js';

import type { AvatarsService } from './avatars.service.js';

import { avatarUrlOf } from './avatar-url.js';
import type { UserRow, UsersRepository } from './users.repository.js';

export interface Viewer {
  userId: string;
  role: Role;
}

export function toRole(value: string): Role {
  return value === 'admin' ? 'admin' : 'user';
}

/** The API's user shape (docs/product.md#users). The email is shown to its owner and to admins only. */
export function toPublicUser(row: UserRow, viewer: Viewer | null): PublicUser {
  const canSeeEmail = viewer !== null && (viewer.userId === row.id || viewer.role === 'admin');
  return {
    uid: row.id,
    username: row.username ?? row.normalizedUsername ?? '',
    ...(canSeeEmail ? { email: row.email } : {}),
    rank: toRole(row.role),
    score: row.score,
    solvedChallenges: row.solvedChallenges,
    avatarUrl: avatarUrlOf(row.id, row.avatarPath),
    bio: row.bio,
    badges: row.badges,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createUsersService(deps: { repository: UsersRepository; avatars: AvatarsService; events: EventBus }) {
  const { repository, avatars, events } = deps;

  async function getUser(userId: string, viewer: Viewer | null): Promise<PublicUser> {
    const row = await repository.findUserById(userId);
    if (!row) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
    return toPublicUser(row, viewer);
  }

  return {
    getUser,

    /** A user changes their own username and bio, nothing else (UpdateProfileBody has no other field). */
    async updateProfile(viewer: Viewer, changes: UpdateProfileBody): Promise<PublicUser> {
      if (changes.username !== undefined && (await repository.isUsernameTakenByOther(changes.username, viewer.userId))) {
        throw conflict('USERNAME_TAKEN', 'This username is already taken.');
      }
      await repository.updateProfile(viewer.userId, changes);
      if (changes.username !== undefined) events.publish('leaderboard', { reason: 'user-updated' });
      return getUser(viewer.userId, viewer);
    },

    async updateAvatar(viewer: Viewer, data: Buffer): Promise<PublicUser> {
      const before = await repository.findUserById(viewer.userId);
      if (!before) throw notFound('USER_NOT_FOUND');
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
