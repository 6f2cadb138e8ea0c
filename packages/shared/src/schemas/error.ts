import { z } from 'zod';

import { ERROR_CODES } from '../error-codes.js';

import { ImportProblemSchema, ImportSkippedSchema, ImportWarningSchema } from './import.js';

const ErrorCodeSchema = z.enum(ERROR_CODES);

export const ErrorBodySchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    /** Seconds to wait, on RATE_LIMITED. */
    retryAfterSeconds: z.number().int().optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** On IMPORT_INVALID: every problem found, by file, line and field. */
    problems: z.array(ImportProblemSchema).optional(),
    /** On IMPORT_INVALID: the challenges' warnings too, so that one answer says all there is to fix. */
    warnings: z.array(ImportWarningSchema).optional(),
    /** On IMPORT_INVALID: the files left as not challenges. */
    skipped: z.array(ImportSkippedSchema).optional(),
    /** On USER_BANNED: the admins' reason and the end of the suspension (null = until restored). */
    ban: z.object({ reason: z.string(), until: z.string().nullable() }).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
