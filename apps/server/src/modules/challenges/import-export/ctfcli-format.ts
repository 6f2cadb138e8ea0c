import { isMap, LineCounter, parseDocument, type Node, type ScalarTag } from 'yaml';
import { z } from 'zod';

import {
  CategoryIconSchema,
  ChallengeServiceSchema,
  ConnectionInfoSchema,
  InstanceProtocolSchema,
  InstanceScopeSchema,
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

/**
 * ctfcli's challenge.yml, as CTFd users write it, with Drapeau's `drapeau:` block (docs/challenge-authoring.md).
 * Parsing only: categories, requirements and files are resolved by the importer.
 */
const textOrNull = z.string().nullish();
const FlagEntry = z.union([
  z.string().min(1),
  z.object({
    type: z.enum(['static', 'regex']).default('static'),
    content: z.string().min(1),
    data: z.string().nullish(),
  }),
]);
const HintEntry = z.union([
  z.string().min(1),
  z.object({ content: z.string().min(1), cost: z.number().int().min(0).default(0) }),
]);
const GeneratedFile = z.object({ name: z.string().min(1), generator: z.string().min(1), content_type: z.string().min(1) });
/**
 * Drapeau's `drapeau.instance` block: how the challenge's service runs (docs/challenge-authoring.md "A challenge with a
 * service"). The port defaults to the Dockerfile's first EXPOSE; memory is in MB (`256`, or `256m`, `1g`).
 */
const InstanceBlock = z
  .object({
    mode: InstanceScopeSchema.optional(),
    port: z.number().int().min(1).max(65_535).optional(),
    lifetime: ChallengeServiceSchema.shape.lifetimeMinutes.removeDefault().optional(),
    extendable: z.boolean().optional(),
    memory: z
      .union([z.number(), z.string().regex(/^\d+(?:\.\d+)?\s*[mMgG]?[bB]?$/, 'a size such as 256, 256m or 1g')])
      .transform((v) => (typeof v === 'number' ? v : Math.round(Number.parseFloat(v) * (/g/i.test(v) ? 1024 : 1))))
      .pipe(ChallengeServiceSchema.shape.memoryMb.removeDefault())
      .optional(),
    cpus: ChallengeServiceSchema.shape.cpus.removeDefault().optional(),
  })
  .strict();
const DrapeauBlock = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .max(100)
      .optional(),
    level: z.string().optional(),
    /** An admin-defined category's names and icon, used when the import creates it. */
    category: z
      .object({
        name_en: z.string().trim().min(1).max(100),
        name_fr: z.string().max(100).default(''),
        icon: CategoryIconSchema.default('flag'),
        position: z.number().int().optional(),
      })
      .optional(),
    title_fr: textOrNull,
    description_fr: textOrNull,
    hints_fr: z.array(z.string()).optional(),
    explanation: z.object({ en: z.string().default(''), fr: z.string().default('') }).optional(),
    flag_kind: z.enum(['derived', 'per-user']).optional(),
    lab: z.string().nullish(),
    generated_files: z.array(GeneratedFile).optional(),
    opens_at: z.union([z.string(), z.date()]).nullish(),
    closes_at: z.union([z.string(), z.date()]).nullish(),
    position: z.number().int().optional(),
    instance: InstanceBlock.optional(),
  })
  .strict();
const ChallengeYamlSchema = z.object({
  name: z.string().trim().min(1).max(200),
  author: textOrNull,
  category: z.string().trim().min(1),
  description: z.string().default(''),
  /** CTFd's own id of the challenge (ctfcli.yaml): a slug, or a number that requirements may name. */
  id: z.union([z.string(), z.number()]).nullish(),
  value: z.number().int().min(0).nullish(),
  /** `standard`, `dynamic`, or a CTFd plugin's type (imported as standard or dynamic, with a warning). */
  type: z.string().nullish(),
  /** Newer ctfcli writes a dynamic challenge's parameters at the top level; older ones under `extra`. */
  initial: z.number().int().min(0).nullish(),
  decay: z.number().int().min(1).nullish(),
  minimum: z.number().int().min(0).nullish(),
  function: z.string().nullish(),
  extra: z
    .object({
      initial: z.number().int().min(0).nullish(),
      decay: z.number().int().min(1).nullish(),
      minimum: z.number().int().min(0).nullish(),
      function: z.string().nullish(),
    })
    .passthrough()
    .nullish(),
  flags: z.array(FlagEntry).nullish(),
  tags: z.array(z.union([z.string(), z.number()]).transform(String)).nullish(),
  files: z.array(z.string()).nullish(),
  hints: z.array(HintEntry).nullish(),
  requirements: z
    .union([
      z.array(z.union([z.string(), z.number()])),
      z.object({ prerequisites: z.array(z.union([z.string(), z.number()])) }).passthrough(),
    ])
    .nullish(),
  state: z.enum(['visible', 'hidden']).nullish(),
  attempts: z.number().int().min(0).nullish(),
  /** The service: a folder with a Dockerfile (built by the platform) or an image reference. */
  image: z.string().trim().min(1).max(255).nullish(),
  protocol: InstanceProtocolSchema.nullish(),
  connection_info: ConnectionInfoSchema.nullish(),
  drapeau: DrapeauBlock.optional(),
});
export type ChallengeYaml = z.infer<typeof ChallengeYamlSchema>;

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
