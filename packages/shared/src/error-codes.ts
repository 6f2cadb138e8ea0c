/** Every error the API can answer, as `{ error: { code, message } }`. The web app owns the wording (locales/errors). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'ORIGIN_FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  'INVALID_CREDENTIALS',
  'EMAIL_IN_USE',
  'USERNAME_TAKEN',
  'USERNAME_INVALID',
  'WEAK_PASSWORD',
  'USER_BANNED',
  'CHALLENGE_NOT_FOUND',
  'USER_NOT_FOUND',
  'BADGE_NOT_FOUND',
  'FILE_NOT_FOUND',
  'LAB_NOT_FOUND',
  'ALREADY_AWARDED',
  'CANNOT_DELETE_SELF',
  'INVALID_IMAGE',
  'IMAGE_TOO_LARGE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
