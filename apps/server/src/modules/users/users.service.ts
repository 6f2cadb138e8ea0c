import type { PublicUser, Role } from '@drapeau/shared';

import type { UserRow, UsersRepository } from './users.repository.js';

export interface Viewer {
  userId: string;
  role: Role;
}

export function toRole(value: string): Role {
  return value === 'admin' ? 'admin' : 'user';
}

/** The API's user shape (§3 field names). The email is shown to its owner and to admins only (DESIGN.md). */
export function toPublicUser(row: UserRow, viewer: Viewer | null): PublicUser {
  const canSeeEmail = viewer !== null && (viewer.userId === row.id || viewer.role === 'admin');
  return {
    uid: row.id,
    username: row.username ?? row.normalizedUsername ?? '',
    ...(canSeeEmail ? { email: row.email } : {}),
    rank: toRole(row.role),
    score: row.score,
    solvedChallenges: row.solvedChallenges,
    avatarUrl: row.avatarPath ? `/api/users/${encodeURIComponent(row.id)}/avatar?v=${encodeURIComponent(row.avatarPath)}` : '',
    bio: row.bio,
    badges: row.badges,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createUsersService(deps: { repository: UsersRepository }) {
  const { repository } = deps;
  return {
    async getUser(userId: string, viewer: Viewer | null): Promise<PublicUser | undefined> {
      const row = await repository.findUserById(userId);
      return row ? toPublicUser(row, viewer) : undefined;
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
