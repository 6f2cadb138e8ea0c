import { z } from 'zod';

/**
 * Import and export in ctfcli's challenge.yml format (POST /api/admin/challenges/import with a zip body;
 * GET /api/admin/challenges/export answers a zip), plus `npm run drapeau -- challenges import|export`.
 */

export const IMPORT_ACTIONS = ['created', 'updated', 'unchanged'] as const;
export const ImportActionSchema = z.enum(IMPORT_ACTIONS);
export type ImportAction = z.infer<typeof ImportActionSchema>;

/** What the import did to one challenge. */
export const ImportedChallengeSchema = z.object({
  id: z.string(),
  /** The folder (or zip path) its challenge.yml was read from. */
  source: z.string(),
  action: ImportActionSchema,
  fileCount: z.number().int(),
  /** Fields read but not used by Drapeau (e.g. `type: docker`'s image), each named. */
  warnings: z.array(z.string()),
});
export type ImportedChallenge = z.infer<typeof ImportedChallengeSchema>;

/**
 * Why a file named like a challenge's was left: another tool's file of that name (kCTF's challenge.yaml, a deployment's),
 * or a folder's second one (`kept` names the one read).
 */
export const IMPORT_SKIP_CODES = ['NOT_A_CHALLENGE', 'SECOND_IN_FOLDER'] as const;
export const ImportSkippedSchema = z.object({
  file: z.string(),
  code: z.enum(IMPORT_SKIP_CODES),
  /** The folder's challenge file that was read instead (SECOND_IN_FOLDER). */
  kept: z.string().optional(),
  /** The same in English words, for the command line. */
  reason: z.string(),
});
export type ImportSkipped = z.infer<typeof ImportSkippedSchema>;

export const ImportReportSchema = z.object({
  challenges: z.array(ImportedChallengeSchema),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Categories the import added (only with `createCategories=true`). */
  createdCategories: z.array(z.string()),
  /** Files named like a challenge's that are not one (kCTF's challenge.yaml…), or a folder's second one: left, with why. */
  skipped: z.array(ImportSkippedSchema).optional(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
/**
 * POST /api/admin/challenges/import?createCategories=true: a category that matches no key or name (EN/FR, any case)
 * is added (icon `flag`) instead of refused. Body: the zip (application/zip).
 */
export const ImportQuerySchema = z.object({ createCategories: booleanQuery.default(false) });
export type ImportQuery = z.infer<typeof ImportQuerySchema>;

/** Why an import was refused (nothing was written): each problem named by file, line (when known) and field. */
export const IMPORT_PROBLEMS = [
  'INVALID_YAML',
  'INVALID_FIELD',
  'UNKNOWN_CATEGORY',
  'UNKNOWN_LEVEL',
  'MISSING_FLAG',
  'MISSING_FILE',
  'UNKNOWN_REQUIREMENT',
  'REQUIREMENT_CYCLE',
  'DUPLICATE_CHALLENGE',
  'INVALID_FLAG_PATTERN',
  'UNSAFE_PATH',
  'TOO_LARGE',
  'TOO_MANY_FILES',
  'NOT_A_ZIP',
  'NO_CHALLENGES',
] as const;
export const ImportProblemCodeSchema = z.enum(IMPORT_PROBLEMS);
export const ImportProblemSchema = z.object({
  code: ImportProblemCodeSchema,
  /** e.g. `web/login-bypass/challenge.yml`; '' for the archive itself. */
  file: z.string(),
  line: z.number().int().nullable(),
  /** e.g. `flags[1].content`; null when the file itself is at fault. */
  field: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/** A challenge's warning (a field not used, a plugin's type read as a standard one), by file. */
export const ImportWarningSchema = z.object({ file: z.string(), message: z.string() });
export type ImportWarning = z.infer<typeof ImportWarningSchema>;

/** The 400 body of a refused import: `{ error: { code: 'IMPORT_INVALID', message, problems } }`. */
export const ImportErrorBodySchema = z.object({
  error: z.object({
    code: z.literal('IMPORT_INVALID'),
    message: z.string(),
    problems: z.array(ImportProblemSchema),
    /** Every challenge's warnings too, beside the problems, so that one answer says all there is to fix. */
    warnings: z.array(ImportWarningSchema).optional(),
    /** The files left as not challenges, as a successful import reports them. */
    skipped: z.array(ImportSkippedSchema).optional(),
  }),
});
export type ImportErrorBody = z.infer<typeof ImportErrorBodySchema>;

/** The bounds of an import (zip or folder); over one is IMPORT_INVALID with TOO_LARGE or TOO_MANY_FILES. */
export const IMPORT_LIMITS = {
  /** The uploaded zip. */
  maxArchiveBytes: 100 * 1024 * 1024,
  maxFiles: 5_000,
  maxTotalBytes: 500 * 1024 * 1024,
  maxFileBytes: 50 * 1024 * 1024,
  maxYamlBytes: 256 * 1024,
  maxYamlAliases: 50,
  maxChallenges: 1_000,
} as const;
