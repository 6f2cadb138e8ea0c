import { Ban } from 'lucide-react';

/**
 * Why a suspended player cannot sign in (issue #16.6): the admins' reason and the end of the suspension, worded from the
 * USER_BANNED error. It stays on the page (a toast would vanish before a long reason is read).
 */
export function BanNotice({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive"
    >
      <Ban className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}
