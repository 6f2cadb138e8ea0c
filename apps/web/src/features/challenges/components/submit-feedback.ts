import type { TFunction } from 'i18next';

import type { SubmitFlagResult } from '@drapeau/shared';

import type { ToastOptions } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/error-message';

/**
 * The toast for each submission status (docs/product.md#messages). The server's English `message` is not shown: the client
 * owns wording.
 */
export function describeSubmitResult(
  t: TFunction,
  result: SubmitFlagResult,
  /** The badges the solve earned, by name, as one list in the active language ("A, B and C"). */
  badges?: { count: number; names: string },
): ToastOptions {
  switch (result.status) {
    case 'correct': {
      const suffix = badges && badges.count > 0 ? ` ${t('challenge:newBadges', badges)}` : '';
      return { title: t('common:success'), description: `${t('challenge:success')}${suffix}` };
    }
    case 'practice':
      return { title: t('common:success'), description: t('challenge:practice') };
    case 'already_solved':
      return { variant: 'destructive', title: t('common:error'), description: t('challenge:alreadySolved') };
    case 'team_already_solved':
      return { variant: 'destructive', title: t('common:error'), description: t('challenge:teamAlreadySolved') };
    case 'incorrect':
      return { variant: 'destructive', title: t('common:error'), description: t('challenge:incorrect') };
  }
}

/** A failed call: an unreadable reply is a server error; otherwise the error's own message (wait time on 429). */
export function describeSubmitError(t: TFunction, error: unknown): ToastOptions {
  const description = isApiError(error) && error.code === 'BAD_RESPONSE' ? t('challenge:serverError') : getErrorMessage(t, error);
  return { variant: 'destructive', title: t('common:error'), description };
}
