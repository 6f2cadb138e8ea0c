import { isMap, LineCounter, parseDocument, type Node, type ScalarTag } from 'yaml';

import {
  DECAY_FUNCTIONS,
  IMPORT_LIMITS,
  type ImportChallengeWarning,
  type ImportProblem,
  LEVELS,
  type Level,
  type Scoring,
} from '@drapeau/shared';

import {
  detail,
  fieldIssueDetail,
  fileProblem,
  importWarning,
  tooLargeToReadProblem,
  yamlErrorDetail,
} from './import-problems.js';
import { type ChallengeYaml, ChallengeYamlSchema } from './ctfcli-schema.js';

/**
 * YAML read as ctfcli reads it (PyYAML's safe_load, YAML 1.1): a float needs a dot, so an unquoted tag such as
 * `6e617468` or `1e5` stays a string, where YAML 1.2 would make it a number.
 */
const PY_YAML_FLOAT: ScalarTag = {
  tag: 'tag:yaml.org,2002:float',
  default: true,
  test: /^(?:[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/,
  resolve: (text) => {
    const plain = text.replace(/_/g, '');
    if (/nan$/i.test(plain)) return Number.NaN;
    if (/inf$/i.test(plain)) return plain.startsWith('-') ? -Infinity : Infinity;
    return Number.parseFloat(plain);
  },
};

/**
 * Whether a parsed file is a ctfcli challenge: a mapping with a name and a challenge's fields, and not another tool's
 * file of the same name (a kCTF `challenge.yaml` has `apiVersion` and `kind`).
 */
function isCtfcliChallenge(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const record = data as Record<string, unknown>;
  if ('apiVersion' in record || 'kind' in record) return false;
  return 'name' in record && ['category', 'flags', 'value', 'description', 'type'].some((f) => f in record);
}

/** Fields ctfcli knows and Drapeau does not use: read, then named as warnings. */
const IGNORED_FIELDS = ['host', 'healthcheck', 'topics', 'next'];

export interface ParsedChallenge {
  yaml: ChallengeYaml;
  level: Level;
  scoring: Scoring;
  state: 'visible' | 'hidden';
  flags: { kind: 'static' | 'derived' | 'per-user'; matcher: 'exact' | 'case-insensitive' | 'regex'; content: string }[];
  requirements: string[];
  warnings: ImportChallengeWarning[];
  /** Line of each top-level field, for the importer's problems. */
  lineOf: (field: string) => number | null;
}

function lineOfPath(doc: ReturnType<typeof parseDocument>, counter: LineCounter, path: (string | number)[]): number | null {
  for (let depth = path.length; depth > 0; depth--) {
    const node = doc.getIn(path.slice(0, depth), true) as Node | undefined;
    if (node && typeof node === 'object' && 'range' in node && node.range) return counter.linePos(node.range[0]).line;
  }
  return null;
}

/** Reads one challenge.yml; on failure, the problems (file, line, field) and no challenge. */
export function parseChallengeYaml(
  text: string,
  file: string,
): { challenge: ParsedChallenge; problems: [] } | { challenge: null; problems: ImportProblem[]; isNotChallenge?: boolean } {
  const fail = (problems: ImportProblem[]) => ({ challenge: null, problems });
  if (Buffer.byteLength(text) > IMPORT_LIMITS.maxYamlBytes) return fail([tooLargeToReadProblem(file)]);
  const counter = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter: counter,
    prettyErrors: false,
    uniqueKeys: true,
    version: '1.1',
    customTags: (tags) => [...tags.filter((t) => typeof t !== 'object' || t.tag !== PY_YAML_FLOAT.tag), PY_YAML_FLOAT],
  });
  if (doc.errors.length > 0) {
    return fail(
      doc.errors.map((e) => {
        const words = e.message.split('\n')[0] ?? 'invalid YAML';
        const line = e.linePos?.[0]?.line ?? counter.linePos(e.pos[0]).line;
        return fileProblem('INVALID_YAML', file, yamlErrorDetail(e.code, words), { line });
      }),
    );
  }
  let data: unknown;
  try {
    // maxAliasCount bounds the "billion laughs" expansion of aliases.
    data = doc.toJS({ maxAliasCount: IMPORT_LIMITS.maxYamlAliases });
  } catch (error) {
    const words = (error as Error).message;
    return fail([fileProblem('INVALID_YAML', file, detail('YAML_SYNTAX', words, { detail: words }))]);
  }
  // Another tool's file of the same name (kCTF's challenge.yaml, a deployment's): not a challenge, skipped.
  if (!isCtfcliChallenge(data)) return { challenge: null, problems: [], isNotChallenge: true };
  if (!isMap(doc.contents))
    return fail([fileProblem('INVALID_YAML', file, detail('NOT_A_MAPPING', 'challenge.yml must be a mapping'), { line: 1 })]);
  const lineOf = (field: string) =>
    lineOfPath(
      doc,
      counter,
      field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    );
  const parsed = ChallengeYamlSchema.safeParse(data);
  if (!parsed.success) {
    return fail(
      parsed.error.issues.map((issue) => {
        const field = issue.path.join('.');
        return fileProblem('INVALID_FIELD', file, fieldIssueDetail(issue), { line: lineOf(field), field: field || null });
      }),
    );
  }
  const yaml = parsed.data;
  const problems: ImportProblem[] = [];
  const record = data as Record<string, unknown>;
  const warnings = IGNORED_FIELDS.filter((f) => record[f] !== undefined && record[f] !== null).map(importWarning.fieldNotUsed);
  let state = yaml.state ?? 'visible';
  const levelText = yaml.drapeau?.level ?? 'medium';
  const level = (LEVELS as readonly string[]).includes(levelText) ? (levelText as Level) : null;
  if (!level)
    problems.push(
      fileProblem(
        'UNKNOWN_LEVEL',
        file,
        detail('UNKNOWN_LEVEL', `unknown level "${levelText}" (${LEVELS.join(', ')})`, {
          level: levelText,
          levels: LEVELS.join(', '),
        }),
        { line: lineOf('drapeau.level'), field: 'drapeau.level' },
      ),
    );

  // Both of ctfcli's dynamic layouts (`extra:` and top-level); a plugin's type or function is imported as the nearest
  // standard one, with a warning naming it.
  const type = yaml.type ?? 'standard';
  const initial = yaml.extra?.initial ?? yaml.initial ?? yaml.value;
  const decay = yaml.extra?.decay ?? yaml.decay;
  const minimum = yaml.extra?.minimum ?? yaml.minimum;
  const isDynamic = type === 'dynamic' || (!['standard', 'static'].includes(type) && decay != null && initial != null);
  if (!['standard', 'static', 'dynamic'].includes(type))
    warnings.push(importWarning.pluginType(type, isDynamic ? 'dynamic' : 'standard'));
  let scoring: Scoring;
  if (isDynamic) {
    const fn = yaml.extra?.function ?? yaml.function ?? 'linear';
    const known = (DECAY_FUNCTIONS as readonly string[]).includes(fn);
    if (!known) warnings.push(importWarning.unknownFunction(fn));
    scoring = {
      type: 'dynamic',
      initial: initial ?? 0,
      decay: decay ?? 1,
      minimum: Math.min(minimum ?? 0, initial ?? 0),
      function: known ? (fn as (typeof DECAY_FUNCTIONS)[number]) : 'linear',
    };
  } else {
    scoring = { type: 'static', points: yaml.value ?? 0 };
  }
  if (initial == null) {
    warnings.push(importWarning.noValue());
    state = 'hidden';
  }

  const flags: ParsedChallenge['flags'] = (yaml.flags ?? []).map((f) => {
    if (typeof f === 'string') return { kind: 'static', matcher: 'exact', content: f };
    const insensitive = f.data === 'case_insensitive';
    if (f.type === 'regex') return { kind: 'static', matcher: 'regex', content: insensitive ? `(?i)${f.content}` : f.content };
    return { kind: 'static', matcher: insensitive ? 'case-insensitive' : 'exact', content: f.content };
  });
  if (yaml.drapeau?.flag_kind) flags.unshift({ kind: yaml.drapeau.flag_kind, matcher: 'exact', content: '' });
  if (flags.length === 0) {
    warnings.push(importWarning.noFlag());
    state = 'hidden';
  }

  const req = yaml.requirements;
  const requirements = (Array.isArray(req) ? req : (req?.prerequisites ?? [])).map(String);
  if (problems.length > 0) return fail(problems);
  return { challenge: { yaml, level: level!, scoring, state, flags, requirements, warnings, lineOf }, problems: [] };
}
