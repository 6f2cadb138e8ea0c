/** The public URL of a user's avatar; versioned by file name so that it can be cached forever. '' when none. */
export function avatarUrlOf(userId: string, avatarPath: string | null): string {
  return avatarPath ? `/api/users/${encodeURIComponent(userId)}/avatar?v=${encodeURIComponent(avatarPath)}` : '';
}
