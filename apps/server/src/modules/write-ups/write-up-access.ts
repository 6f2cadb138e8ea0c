import type { Role } from '@drapeau/shared';

/**
 * Who moderates write-ups (docs/product.md#write-ups): reads every challenge's write-ups whether solved or not, sees the
 * hidden ones and the ones held back by a freeze, and hides or unhides them: admins and teachers. The one place this is
 * decided.
 */
export function canModerateWriteUps(user: { role: Role }): boolean {
  return user.role === 'admin' || user.role === 'teacher';
}

/** Hidden challenges (drafts) are admins' only: a teacher moderates the write-ups of the challenges players see. */
export const seesHiddenChallenges = (user: { role: Role }): boolean => user.role === 'admin';
