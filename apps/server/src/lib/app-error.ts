import type { ErrorBody, ErrorCode } from '@drapeau/shared';

/** An expected failure that maps to an HTTP status and a stable code (docs/conventions.md#validation-and-errors). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message?: string,
    readonly retryAfterSeconds?: number,
    /** Extra fields of the error body (`ban` on USER_BANNED, `problems` and `warnings` on IMPORT_INVALID). */
    readonly extra?: Pick<ErrorBody['error'], 'ban' | 'problems' | 'warnings' | 'skipped'>,
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, message?: string) => new AppError(code, 400, message);
export const unauthenticated = (message = 'Sign in to continue.') => new AppError('UNAUTHENTICATED', 401, message);
export const forbidden = (code: ErrorCode = 'FORBIDDEN', message = 'You are not allowed to do this.') =>
  new AppError(code, 403, message);
export const notFound = (code: ErrorCode, message?: string) => new AppError(code, 404, message);
export const conflict = (code: ErrorCode, message?: string) => new AppError(code, 409, message);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', 429, `Too many requests. Try again in ${retryAfterSeconds} s.`, retryAfterSeconds);
