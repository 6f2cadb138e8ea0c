import { z } from 'zod';

import {
  CategoryIconSchema,
  ChallengeServiceSchema,
  ConnectionInfoSchema,
  InstanceProtocolSchema,
  InstanceScopeSchema,
} from '@drapeau/shared';

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
export const ChallengeYamlSchema = z.object({
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
