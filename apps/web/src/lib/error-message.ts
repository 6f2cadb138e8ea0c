import i18next, { type TFunction } from 'i18next';

import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@drapeau/shared/constants';

import { isApiError } from './api-error';
import { formatDate } from './format-date-time';

/** Limits some error texts quote; taken from the shared contract, never repeated by hand. */
const LIMITS = { passwordMin: PASSWORD_MIN, usernameMin: USERNAME_MIN, usernameMax: USERNAME_MAX };

interface ErrorMessageOptions {
  /** An i18n key to use when the error has no translation of its own. */
  fallbackKey?: string;
}

/**
 * The sentence shown to a user for a failed call: ``t(`errors:${code}`)`` (docs/conventions.md#validation-and-errors), with the
 * wait time for RATE_LIMITED and the fields for VALIDATION_FAILED. Unknown errors show their own message, then the fallback.
 */
export function getErrorMessage(t: TFunction, error: unknown, options: ErrorMessageOptions = {}): string {
  const fallback = t(options.fallbackKey ?? 'errors:generic');
  if (!isApiError(error)) {
    return error instanceof Error && error.message ? error.message : fallback;
  }
  if (error.code === 'USER_BANNED' && error.ban) {
    const { reason, until } = error.ban;
    if (!until) return t('errors:bannedForever', { reason });
    return t('errors:bannedUntil', {
      reason,
      date: formatDate(until, i18next.language || 'en', { dateStyle: 'long', timeStyle: 'short' }),
    });
  }
  if (error.code === 'RATE_LIMITED' && error.retryAfterSeconds !== undefined) {
    return t('errors:rateLimitedRetry', { seconds: error.retryAfterSeconds });
  }
  const paths = [...new Set(error.issues.map((issue) => issue.path).filter((path) => path !== ''))];
  if (error.code === 'VALIDATION_FAILED' && paths.length > 0) {
    const fields = paths.map((path) => t(`common:fields.${path}`, { defaultValue: path })).join(', ');
    return t('errors:validationFailedFields', { fields });
  }
  const translated = t(`errors:${error.code}`, { ...LIMITS, defaultValue: '' });
  return translated || error.message || fallback;
}
