import { isMap, LineCounter, parseDocument, type Node } from 'yaml';
import { z } from 'zod';

import { CategoryIconSchema, IMPORT_LIMITS, type ImportProblem, LEVELS, type Level, type Scoring } from '@drapeau/shared';

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
  })
  .strict();
const ChallengeYamlSchema = z.object({
  name: z.string().trim().min(1).max(200),
  author: textOrNull,
  category: z.string().trim().min(1),
  description: z.string().default(''),
  value: z.number().int().min(0).nullish(),
  type: z.enum(['standard', 'static', 'dynamic']).default('standard'),
  extra: z
    .object({
      initial: z.number().int().min(0).optional(),
      decay: z.number().int().min(1).optional(),
      minimum: z.number().int().min(0).optional(),
      function: z.enum(['linear', 'logarithmic']).optional(),
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
  state: z.enum(['visible', 'hidden']).default('visible'),
  attempts: z.number().int().min(0).nullish(),
  drapeau: DrapeauBlock.optional(),
});
export type ChallengeYaml = z.infer<typeof ChallengeYamlSchema>;

/** Fields ctfcli knows and Drapeau does not use: read, then named as warnings. */
const IGNORED_FIELDS = ['image', 'host', 'protocol', 'connection_info', 'healthcheck', 'topics', 'next'];

export interface ParsedChallenge {
  yaml: ChallengeYaml;
  level: Level;
  scoring: Scoring;
  flags: { kind: 'static' | 'derived' | 'per-user'; matcher: 'exact' | 'case-insensitive' | 'regex'; content: string }[];
  requirements: string[];
  warnings: string[];
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
): { challenge: ParsedChallenge; problems: [] } | { challenge: null; problems: ImportProblem[] } {
  const fail = (problems: ImportProblem[]) => ({ challenge: null, problems });
  if (Buffer.byteLength(text) > IMPORT_LIMITS.maxYamlBytes)
    return fail([{ code: 'TOO_LARGE', file, line: null, field: null, message: 'challenge.yml is too large' }]);
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return fail(
      doc.errors.map((e) => ({
        code: 'INVALID_YAML' as const,
        file,
        line: e.linePos?.[0]?.line ?? counter.linePos(e.pos[0]).line,
        field: null,
        message: e.message.split('\n')[0] ?? 'invalid YAML',
      })),
    );
  }
  let data: unknown;
  try {
    // maxAliasCount bounds the "billion laughs" expansion of aliases.
    data = doc.toJS({ maxAliasCount: IMPORT_LIMITS.maxYamlAliases });
  } catch (error) {
    return fail([{ code: 'INVALID_YAML', file, line: null, field: null, message: (error as Error).message }]);
  }
  if (!isMap(doc.contents))
    return fail([{ code: 'INVALID_YAML', file, line: 1, field: null, message: 'challenge.yml must be a mapping' }]);
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
        return { code: 'INVALID_FIELD' as const, file, line: lineOf(field), field: field || null, message: issue.message };
      }),
    );
  }
  const yaml = parsed.data;
  const problems: ImportProblem[] = [];
  const record = data as Record<string, unknown>;
  const warnings = IGNORED_FIELDS.filter((f) => record[f] !== undefined && record[f] !== null).map(
    (f) => `${f}: not used by Drapeau`,
  );
  const levelText = yaml.drapeau?.level ?? 'medium';
  const level = (LEVELS as readonly string[]).includes(levelText) ? (levelText as Level) : null;
  if (!level)
    problems.push({
      code: 'UNKNOWN_LEVEL',
      file,
      line: lineOf('drapeau.level'),
      field: 'drapeau.level',
      message: `unknown level "${levelText}" (${LEVELS.join(', ')})`,
    });

  let scoring: Scoring;
  if (yaml.type === 'dynamic') {
    const initial = yaml.extra?.initial ?? yaml.value ?? 0;
    scoring = {
      type: 'dynamic',
      initial,
      decay: yaml.extra?.decay ?? 1,
      minimum: Math.min(yaml.extra?.minimum ?? 0, initial),
      function: yaml.extra?.function ?? 'linear',
    };
  } else {
    scoring = { type: 'static', points: yaml.value ?? 0 };
  }

  const flags: ParsedChallenge['flags'] = (yaml.flags ?? []).map((f) => {
    if (typeof f === 'string') return { kind: 'static', matcher: 'exact', content: f };
    const insensitive = f.data === 'case_insensitive';
    if (f.type === 'regex') return { kind: 'static', matcher: 'regex', content: insensitive ? `(?i)${f.content}` : f.content };
    return { kind: 'static', matcher: insensitive ? 'case-insensitive' : 'exact', content: f.content };
  });
  if (yaml.drapeau?.flag_kind) flags.unshift({ kind: yaml.drapeau.flag_kind, matcher: 'exact', content: '' });
  if (flags.length === 0)
    problems.push({ code: 'MISSING_FLAG', file, line: lineOf('flags'), field: 'flags', message: 'the challenge has no flag' });

  const req = yaml.requirements;
  const requirements = (Array.isArray(req) ? req : (req?.prerequisites ?? [])).map(String);
  if (problems.length > 0) return fail(problems);
  return { challenge: { yaml, level: level!, scoring, flags, requirements, warnings, lineOf }, problems: [] };
}
