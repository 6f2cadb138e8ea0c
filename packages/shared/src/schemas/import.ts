import { z } from 'zod';

/**
 * Import and export in ctfcli's challenge.yml format (POST /api/admin/challenges/import with a zip body;
 * GET /api/admin/challenges/export answers a zip), plus `npm run drapeau -- challenges import|export`.
 */

const IMPORT_ACTIONS = ['created', 'updated', 'unchanged'] as const;
const ImportActionSchema = z.enum(IMPORT_ACTIONS);

/**
 * The values a warning's or a problem's sentence names (a type, a path, a limit): the web words the sentence from its
 * code and these, in English or French (locales' `authoring:import.reasons` and `authoring:import.warnings`).
 */
const ImportParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type ImportParams = z.infer<typeof ImportParamsSchema>;

/**
 * A challenge imported otherwise than its file says, or with part of it left: a CTFd plugin's type or an unknown decay
 * function read as a standard one, no value or no flag (imported hidden), a field Drapeau does not use, a ctfcli
 * `image:` the archive cannot serve (imported without its service; `params.reason` is the problem's reason, with its
 * params beside it).
 */
export const IMPORT_WARNING_CODES = [
  'PLUGIN_TYPE',
  'UNKNOWN_FUNCTION',
  'NO_VALUE',
  'NO_FLAG',
  'FIELD_NOT_USED',
  'SERVICE_LEFT_OUT',
] as const;
const ImportChallengeWarningSchema = z.object({
  code: z.enum(IMPORT_WARNING_CODES),
  /** The challenge.yml field it is about, e.g. `type`. */
  field: z.string(),
  params: ImportParamsSchema,
  /** The same in English words, for the command line and API clients. */
  message: z.string(),
});
export type ImportChallengeWarning = z.infer<typeof ImportChallengeWarningSchema>;

/** What the import did to one challenge. */
const ImportedChallengeSchema = z.object({
  id: z.string(),
  /** The folder (or zip path) its challenge.yml was read from. */
  source: z.string(),
  action: ImportActionSchema,
  fileCount: z.number().int(),
  /** What was read differently from the file, or left (a field Drapeau does not use), each by code and field. */
  warnings: z.array(ImportChallengeWarningSchema),
});

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
const ImportProblemCodeSchema = z.enum(IMPORT_PROBLEMS);

/**
 * What exactly is wrong, finer than the problem's code (TOO_LARGE is the archive, a file or an image's folder): one
 * sentence each, with its `params`. `*_DETAIL` reasons name a parser's own words (YAML, zip, regex engine) in `detail`.
 */
export const IMPORT_PROBLEM_REASONS = [
  'TOO_LARGE_TO_READ',
  'YAML_SYNTAX',
  'YAML_DUPLICATE_KEY',
  'YAML_TAB',
  'YAML_STRUCTURE',
  'YAML_UNCLOSED',
  'NOT_A_MAPPING',
  'FIELD_TYPE',
  'FIELD_TOO_SMALL',
  'FIELD_TOO_BIG',
  'FIELD_VALUE',
  'FIELD_FORMAT',
  'FIELD_UNKNOWN_KEYS',
  'FIELD_INVALID',
  'UNKNOWN_LEVEL',
  'NO_CHALLENGE_FILE',
  'UNKNOWN_CATEGORY',
  'FLAG_PATTERN_TOO_LONG',
  'FLAG_PATTERN_REFUSED',
  'PATH_LEAVES_ARCHIVE',
  'FILE_NOT_IN_ARCHIVE',
  'LINK_TOO_LONG',
  'EMPTY_ID',
  'ID_TAKEN',
  'ID_TWICE',
  'REQUIREMENT_NOT_FOUND',
  'REQUIREMENT_CYCLE',
  'SERVICE_WITHOUT_IMAGE',
  'IMAGE_FOLDER_TOO_LARGE',
  'IMAGE_FOLDER_MISSING',
  'IMAGE_NOT_A_REFERENCE',
  'SERVICE_PORT_MISSING',
  'TOO_MANY_ENTRIES',
  'FILE_TOO_LARGE',
  'FILES_TOO_LARGE',
  'ARCHIVE_TOO_LARGE',
  'FILE_INFLATES_TOO_MUCH',
  'NOT_A_ZIP',
] as const;
const ImportProblemReasonSchema = z.enum(IMPORT_PROBLEM_REASONS);
export type ImportProblemReason = z.infer<typeof ImportProblemReasonSchema>;

export const ImportProblemSchema = z.object({
  code: ImportProblemCodeSchema,
  /** e.g. `web/login-bypass/challenge.yml`; '' for the archive itself. */
  file: z.string(),
  line: z.number().int().nullable(),
  /** e.g. `flags[1].content`; null when the file itself is at fault. */
  field: z.string().nullable(),
  /** The sentence to show, by code, with the values it names (the web words it in EN or FR). */
  reason: ImportProblemReasonSchema,
  params: ImportParamsSchema,
  /** The same in English words, for the command line and API clients. */
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/** A challenge's warning by file, as a refused import gives them beside its problems. */
export const ImportWarningSchema = ImportChallengeWarningSchema.extend({ file: z.string() });
export type ImportWarning = z.infer<typeof ImportWarningSchema>;

/**
 * The 400 body of a refused import: `{ error: { code: 'IMPORT_INVALID', message, problems } }`.
 *
 * @public The contract's schema; the web reads only its type.
 */
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
