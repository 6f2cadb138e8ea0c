import type { TFunction } from 'i18next';

import { isApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/error-message';

/**
 * Why a save was refused. A refused regex carries the engine's reason (technical, not translated), shown after the
 * sentence; every other code is worded by the client.
 */
export function describeSaveError(t: TFunction, error: unknown): string {
  const sentence = getErrorMessage(t, error);
  if (isApiError(error) && error.code === 'INVALID_FLAG_PATTERN' && error.message !== '') {
    return `${sentence} (${error.message})`;
  }
  return sentence;
}
