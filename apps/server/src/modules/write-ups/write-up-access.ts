import type { Role } from '@drapeau/shared';

/**
 * Who moderates write-ups (docs/product.md#write-ups): reads every challenge's write-ups whether solved or not, sees the
 * hidden ones and the ones held back by a freeze, and hides or unhides them. The one place this is decided: a new
 * moderating role (teachers) is added here.
 */
export function canModerateWriteUps(user: { role: Role }): boolean {
  return user.role === 'admin';
}
