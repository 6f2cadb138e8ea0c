import type { z } from 'zod';

import {
  IMPORT_LIMITS,
  type ImportChallengeWarning,
  type ImportParams,
  type ImportProblem,
  type ImportProblemReason,
} from '@drapeau/shared';

import { MAX_PATTERN_LENGTH } from '../flags/flag-check.js';

/**
 * A problem's sentence: its reason and the values it names, which the web words in English or French, and the same in
 * English for the command line and API clients (docs/challenge-authoring.md "Imports: limits and errors").
 */
export interface ProblemDetail {
  reason: ImportProblemReason;
  params: ImportParams;
  message: string;
}
export const detail = (reason: ImportProblemReason, message: string, params: ImportParams = {}): ProblemDetail => ({
  reason,
  params,
  message,
});

/** A problem of a file (its line and field when known). */
export const fileProblem = (
  code: ImportProblem['code'],
  file: string,
  what: ProblemDetail,
  at: { line?: number | null; field?: string | null } = {},
): ImportProblem => ({ code, file, line: at.line ?? null, field: at.field ?? null, ...what });

const list = (values: readonly unknown[]) => values.map(String).join(', ');

/** A field zod refused, as a reason: the type expected, a bound, the values allowed, unknown keys, or a format. */
export function fieldIssueDetail(issue: z.core.$ZodIssue): ProblemDetail {
  switch (issue.code) {
    case 'invalid_type':
      return detail('FIELD_TYPE', issue.message, { expected: issue.expected });
    case 'too_small':
      return detail('FIELD_TOO_SMALL', issue.message, { minimum: Number(issue.minimum) });
    case 'too_big':
      return detail('FIELD_TOO_BIG', issue.message, { maximum: Number(issue.maximum) });
    case 'invalid_value':
      return detail('FIELD_VALUE', issue.message, { values: list(issue.values) });
    case 'unrecognized_keys':
      return detail('FIELD_UNKNOWN_KEYS', issue.message, { keys: list(issue.keys) });
    case 'invalid_format':
      return detail('FIELD_FORMAT', issue.message);
    default:
      return detail('FIELD_INVALID', issue.message);
  }
}

/** A challenge file or a Dockerfile larger than a YAML file may be: not read. */
export const tooLargeToReadProblem = (file: string) =>
  fileProblem(
    'TOO_LARGE',
    file,
    detail('TOO_LARGE_TO_READ', `too large to be read (at most ${IMPORT_LIMITS.maxYamlBytes / 1024} KB)`, {
      maxKb: IMPORT_LIMITS.maxYamlBytes / 1024,
    }),
  );

/** A regex flag refused (validateFlagPattern's reason): too long, or what the linear-time engine said of it. */
export const flagPatternDetail = (pattern: string, reason: string) =>
  pattern.length > MAX_PATTERN_LENGTH
    ? detail('FLAG_PATTERN_TOO_LONG', reason, { max: MAX_PATTERN_LENGTH })
    : detail('FLAG_PATTERN_REFUSED', reason, { detail: reason });

/** The warnings of a challenge read otherwise than its file says (ImportChallengeWarning), each with its English words. */
export const importWarning = {
  fieldNotUsed: (field: string): ImportChallengeWarning => ({
    code: 'FIELD_NOT_USED',
    field,
    params: {},
    message: `${field}: not used by Drapeau`,
  }),
  pluginType: (type: string, importedAs: 'dynamic' | 'standard'): ImportChallengeWarning => ({
    code: 'PLUGIN_TYPE',
    field: 'type',
    params: { type, importedAs },
    message: `type: "${type}" (a CTFd plugin's) is imported as ${importedAs}`,
  }),
  unknownFunction: (fn: string): ImportChallengeWarning => ({
    code: 'UNKNOWN_FUNCTION',
    field: 'function',
    params: { function: fn, importedAs: 'linear' },
    message: `function: "${fn}" is not known, imported as linear`,
  }),
  noValue: (): ImportChallengeWarning => ({
    code: 'NO_VALUE',
    field: 'value',
    params: {},
    message: 'value: none given, imported hidden at 0 points',
  }),
  noFlag: (): ImportChallengeWarning => ({
    code: 'NO_FLAG',
    field: 'flags',
    params: {},
    message: 'flags: none given, imported hidden (add one before showing it)',
  }),
  /** ctfcli's `image:` the archive cannot serve: the problem it would be, and the challenge imported without it. */
  serviceLeftOut: (field: string, what: ProblemDetail): ImportChallengeWarning => ({
    code: 'SERVICE_LEFT_OUT',
    field,
    params: { ...what.params, reason: what.reason },
    message: `${field}: ${what.message}; imported without its service`,
  }),
};

/** Two challenges of one id: never an overwrite (docs/challenge-authoring.md "Ids"). */
export const idTaken = (title: string, id: string, other: string) =>
  detail('ID_TAKEN', `"${title}" gives the id "${id}", already the id of "${other}": give it its own \`id:\``, {
    title,
    id,
    other,
  });
export const idTwice = (id: string, other: string, file: string) =>
  detail('ID_TWICE', `"${id}" is the id of both ${other} and ${file}: give one its own \`id:\``, { id, other, file });

/**
 * The YAML reader's errors an author meets most (the `yaml` package's codes), each as a sentence of its own; any other
 * is YAML_SYNTAX, the reader's words in `params.detail`, which every one also carries.
 */
const YAML_REASONS: Partial<Record<string, ImportProblemReason>> = {
  DUPLICATE_KEY: 'YAML_DUPLICATE_KEY',
  TAB_AS_INDENT: 'YAML_TAB',
  BAD_INDENT: 'YAML_STRUCTURE',
  BLOCK_AS_IMPLICIT_KEY: 'YAML_STRUCTURE',
  MULTILINE_IMPLICIT_KEY: 'YAML_STRUCTURE',
  MISSING_CHAR: 'YAML_UNCLOSED',
};
export const yamlErrorDetail = (code: string, words: string) =>
  detail(YAML_REASONS[code] ?? 'YAML_SYNTAX', words, { detail: words });
