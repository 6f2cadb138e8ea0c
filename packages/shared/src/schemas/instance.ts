import { z } from 'zod';

/**
 * A challenge that is a real service (docs/product.md "Challenge instances"): the image started for each player or team
 * (or once for everybody), the port it listens on inside, and the limits of each instance.
 */
export const INSTANCE_SCOPES = ['shared', 'per-player', 'per-team'] as const;
export const InstanceScopeSchema = z.enum(INSTANCE_SCOPES);
export type InstanceScope = z.infer<typeof InstanceScopeSchema>;

/** How a player talks to the service: a browser (`http`), `nc` (`tcp`) or `ssh`. */
export const INSTANCE_PROTOCOLS = ['http', 'tcp', 'ssh'] as const;
export const InstanceProtocolSchema = z.enum(INSTANCE_PROTOCOLS);
export type InstanceProtocol = z.infer<typeof InstanceProtocolSchema>;

/** An image reference as the engine knows it (`localhost/web-sqli:1`, `registry.example/org/app@sha256:…`). */
export const ImageReferenceSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[a-z0-9][a-z0-9._/:@-]*$/, 'an image reference: lower-case letters, digits and . _ / : @ -');

export const ChallengeServiceSchema = z
  .object({
    image: ImageReferenceSchema,
    protocol: InstanceProtocolSchema.default('tcp'),
    /** The port the service listens on inside its container. */
    port: z.number().int().min(1).max(65_535),
    scope: InstanceScopeSchema.default('per-player'),
    lifetimeMinutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(60),
    /** Whether a player may push the expiry back (by one lifetime from now, at most). */
    extendable: z.boolean().default(true),
    memoryMb: z.number().int().min(16).max(4096).default(256),
    cpus: z.number().min(0.1).max(4).default(0.5),
  })
  .strict();
export type ChallengeService = z.infer<typeof ChallengeServiceSchema>;
export type ChallengeServiceInput = z.input<typeof ChallengeServiceSchema>;

const INSTANCE_STATUSES = ['starting', 'running', 'stopped', 'expired', 'failed'] as const;
const InstanceStatusSchema = z.enum(INSTANCE_STATUSES);

const InstanceEndpointSchema = z.object({
  protocol: InstanceProtocolSchema,
  host: z.string(),
  port: z.number().int(),
  /** For `http`, the URL to open; otherwise null (the player runs the `command`). */
  url: z.string().nullable(),
  /** The line to paste: `nc host port`, `ssh -p port ctf@host`, or the URL for `http`. */
  command: z.string(),
});
export type InstanceEndpoint = z.infer<typeof InstanceEndpointSchema>;

/** A player's view of their instance of a challenge (GET /api/challenges/:id/instance). */
export const PlayerInstanceSchema = z.object({
  challengeId: z.string(),
  scope: InstanceScopeSchema,
  status: InstanceStatusSchema,
  endpoint: InstanceEndpointSchema.nullable(),
  startedAt: z.string(),
  expiresAt: z.string(),
  extendable: z.boolean(),
});
export type PlayerInstance = z.infer<typeof PlayerInstanceSchema>;

export const PlayerInstanceStateSchema = z.object({
  /** Null when the player has none running. */
  instance: PlayerInstanceSchema.nullable(),
  /** Whether this server can start instances at all (a container engine is configured). */
  enabled: z.boolean(),
  /** The challenge's service as a player may know it. */
  service: z.object({ protocol: InstanceProtocolSchema, lifetimeMinutes: z.number().int(), extendable: z.boolean() }),
});
export type PlayerInstanceState = z.infer<typeof PlayerInstanceStateSchema>;

const AdminInstanceSchema = PlayerInstanceSchema.extend({
  id: z.string(),
  owner: z.object({ kind: z.enum(['user', 'team', 'everybody']), id: z.string().nullable(), name: z.string().nullable() }),
});
export type AdminInstance = z.infer<typeof AdminInstanceSchema>;
/**
 * Whether the host rule that isolates instances is in place (docs/operations.md "Challenge instances"): `off` without a
 * container engine; `missing` refuses every start; `unknown` when the server cannot ask the host (it then starts them).
 */
const INSTANCE_ISOLATION_STATUSES = ['off', 'ok', 'missing', 'unknown'] as const;
export const AdminInstanceListSchema = z.object({
  instances: z.array(AdminInstanceSchema),
  isolation: z.enum(INSTANCE_ISOLATION_STATUSES),
});
export type AdminInstanceList = z.infer<typeof AdminInstanceListSchema>;
export const AdminStopAllResultSchema = z.object({ stopped: z.number().int() });
export type AdminStopAllResult = z.infer<typeof AdminStopAllResultSchema>;

/**
 * The image of a challenge's service as the platform made it ready: built from an imported folder, or pulled
 * (docs/challenge-authoring.md "A challenge with a service"). The log is the engine's (its last part).
 */
const SERVICE_BUILD_STATUSES = ['building', 'built', 'failed'] as const;
const ServiceBuildSchema = z.object({
  status: z.enum(SERVICE_BUILD_STATUSES),
  log: z.string(),
  finishedAt: z.string().nullable(),
});
export type ServiceBuild = z.infer<typeof ServiceBuildSchema>;
/** GET /api/admin/challenges/:id/service. */
export const AdminChallengeServiceResultSchema = z.object({
  service: ChallengeServiceSchema.nullable(),
  /** Null for an image the admin named in the editor (not built nor pulled by the platform). */
  build: ServiceBuildSchema.nullable(),
});
export type AdminChallengeServiceResult = z.infer<typeof AdminChallengeServiceResultSchema>;
