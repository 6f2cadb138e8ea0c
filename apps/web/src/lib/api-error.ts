import type { ErrorCode, ImportProblem, ImportSkipped, ImportWarning } from '@drapeau/shared';

/**
 * Codes the client itself produces on top of the server's ERROR_CODES:
 * NETWORK when no response arrived, BAD_RESPONSE when a body is not the JSON we expect.
 */
export const CLIENT_ERROR_CODES = ['NETWORK', 'BAD_RESPONSE'] as const;
type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export interface ApiErrorIssue {
  path: string;
  message: string;
}

interface ApiErrorInit {
  status: number;
  code: ApiErrorCode;
  message: string;
  retryAfterSeconds?: number | undefined;
  issues?: ApiErrorIssue[] | undefined;
  problems?: ImportProblem[] | undefined;
  warnings?: ImportWarning[] | undefined;
  skipped?: ImportSkipped[] | undefined;
  ban?: ApiErrorBan | undefined;
}

/** On USER_BANNED: the admins' reason and the end of the suspension (null = until restored). */
export interface ApiErrorBan {
  reason: string;
  until: string | null;
}

/** Every failed API call throws this. `status` is 0 when no response arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly retryAfterSeconds: number | undefined;
  readonly issues: ApiErrorIssue[];
  /** On IMPORT_INVALID: every problem of the refused import, by file, line and field. */
  readonly problems: ImportProblem[];
  /** On IMPORT_INVALID: the challenges' warnings, and the files left as not challenges, beside the problems. */
  readonly warnings: ImportWarning[];
  readonly skipped: ImportSkipped[];
  readonly ban: ApiErrorBan | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.issues = init.issues ?? [];
    this.problems = init.problems ?? [];
    this.warnings = init.warnings ?? [];
    this.skipped = init.skipped ?? [];
    this.ban = init.ban;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
