import path from 'node:path';

import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_USERNAME: optionalString,
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    INSTANCE_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    REDIS_URL: optionalString.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    /** Outgoing mail server, e.g. smtp://user:pass@host:587; unset = mails go to the admins' outbox. */
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    /** Sender of the account mails; default "Drapeau <no-reply@host of PUBLIC_URL>". */
    MAIL_FROM: optionalString,
    /** Extra origins allowed to send state-changing requests (comma-separated), e.g. the Vite dev server. */
    TRUSTED_ORIGINS: optionalString,
    /** Set when behind a reverse proxy, so that client IPs come from X-Forwarded-For. */
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    /** Open connections at most (each is a file descriptor: keep it under `ulimit -n`). */
    MAX_CONNECTIONS: z.coerce.number().int().positive().default(4096),
    /** Bearer token that GET /metrics requires; unset = no metrics endpoint. */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** One log line per answered request; off by default, since the reverse proxy in front logs requests already. */
    LOG_REQUESTS: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    /** Wrong flag submissions (and lab checks) allowed per user per minute. */
    SUBMISSION_RATE_LIMIT: z.coerce.number().int().positive().default(10),
    /** In-page lab checks allowed per user per minute. */
    LAB_RATE_LIMIT: z.coerce.number().int().positive().default(30),
    /** Worker threads that run the labs (docs/operations.md "Labs"). */
    LAB_WORKERS: z.coerce.number().int().min(1).max(32).default(2),
    /** A lab call longer than this ends its worker (422 LAB_TIMEOUT). */
    LAB_TIME_LIMIT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
    /** Lab calls waiting for a worker at most; one more answers 503 LAB_QUEUE_FULL. */
    LAB_QUEUE_LENGTH: z.coerce.number().int().min(1).max(10_000).default(64),
    /** Sign-ups and sign-ins allowed per IP per minute (a classroom shares one NAT address). */
    AUTH_IP_RATE_LIMIT: z.coerce.number().int().positive().default(60),
    /** Account mails (reset, verification, change of address) per address per hour; ten times that per IP. */
    MAIL_RATE_LIMIT: z.coerce.number().int().positive().default(3),
    /** Sign-in attempts allowed per account per minute. */
    AUTH_ACCOUNT_RATE_LIMIT: z.coerce.number().int().positive().default(10),
    /** Single sign-on with an OpenID Connect provider (docs/decisions/012-accounts.md#single-sign-on): all three or none. */
    OIDC_ISSUER: optionalString.pipe(z.url().optional()),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    /** The sign-in page's button. */
    OIDC_BUTTON_LABEL: optionalString.pipe(z.string().max(60).optional()),
    /** `off`: accounts come from single sign-on only (the register route refuses). Needs OIDC_ISSUER. */
    LOCAL_SIGN_UP: z.enum(['on', 'off']).default('on'),
    /**
     * Challenge instances (docs/operations.md "Challenge instances"): the container engine's socket (Docker, or Podman's
     * `podman system service`); unset = challenges with a service cannot be started.
     */
    INSTANCES_ENGINE_SOCKET: optionalString,
    /** Where instances run: the local engine (`engine`, with its socket) or a Kubernetes cluster (`kubernetes`). */
    INSTANCES_PROVIDER: z.enum(['engine', 'kubernetes']).default('engine'),
    /** The namespace instances run in on Kubernetes (the cluster is KUBECONFIG's, or the one Drapeau runs in). */
    INSTANCES_NAMESPACE: z
      .string()
      .regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, 'a Kubernetes namespace name')
      .default('drapeau-instances'),
    /** The host name players reach instances at: never the platform's own (its cookies). Required with the socket. */
    INSTANCES_HOST: optionalString,
    /** The address instance ports are published on. */
    INSTANCES_PUBLISH_ADDRESS: z.string().min(1).default('0.0.0.0'),
    /** Where each instance's network takes its /28; the host drops connections opened from it. */
    INSTANCES_SUBNET_POOL: z
      .string()
      .regex(/^\d{1,3}(\.\d{1,3}){3}\/\d{1,2}$/, 'an IPv4 network such as 10.213.0.0/16')
      .default('10.213.0.0/16'),
    /** Instances running at once on the deployment, and per player. */
    INSTANCES_MAX_RUNNING: z.coerce.number().int().positive().default(50),
    INSTANCES_MAX_PER_PLAYER: z.coerce.number().int().positive().default(3),
  })
  .superRefine((env, ctx) => {
    const adminVars = [env.ADMIN_EMAIL, env.ADMIN_USERNAME, env.ADMIN_PASSWORD];
    const set = adminVars.filter((v) => v !== undefined).length;
    if (set !== 0 && set !== 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL, ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
      });
    }
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter((v) => v !== undefined).length;
    if (oidc !== 0 && oidc !== 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
      });
    }
    if (env.INSTANCES_ENGINE_SOCKET !== undefined && env.INSTANCES_HOST === undefined) {
      ctx.addIssue({ code: 'custom', path: ['INSTANCES_HOST'], message: 'must be set with INSTANCES_ENGINE_SOCKET' });
    }
    if (env.INSTANCES_PROVIDER === 'kubernetes' && env.INSTANCES_HOST === undefined) {
      ctx.addIssue({ code: 'custom', path: ['INSTANCES_HOST'], message: 'must be set with INSTANCES_PROVIDER=kubernetes' });
    }
    const platformHost =
      env.PUBLIC_URL !== undefined && URL.canParse(env.PUBLIC_URL) ? new URL(env.PUBLIC_URL).hostname : undefined;
    if (env.INSTANCES_HOST !== undefined && env.INSTANCES_HOST === platformHost) {
      ctx.addIssue({
        code: 'custom',
        path: ['INSTANCES_HOST'],
        message: "must differ from PUBLIC_URL's host name (a web challenge there could read the platform's cookies)",
      });
    }
    if (env.LOCAL_SIGN_UP === 'off' && oidc === 0) {
      ctx.addIssue({ code: 'custom', path: ['LOCAL_SIGN_UP'], message: 'can be off only with single sign-on (OIDC_ISSUER)' });
    }
  });

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The settings the server runs with: the environment, parsed, checked and shaped once. */
const ConfigSchema = EnvSchema.transform((e, ctx) => {
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin;
  const extraOrigins = (e.TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of extraOrigins.filter((o) => !URL.canParse(o))) {
    ctx.addIssue({ code: 'custom', path: ['TRUSTED_ORIGINS'], message: `"${origin}" is not a URL` });
  }
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    instanceSecret: e.INSTANCE_SECRET,
    sessionSecret: e.SESSION_SECRET,
    redisUrl: e.REDIS_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Drapeau <no-reply@${new URL(publicUrl).hostname}>`,
    trustedOrigins: Object.freeze([publicUrl, ...extraOrigins.filter((o) => URL.canParse(o)).map((o) => new URL(o).origin)]),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS,
    maxConnections: e.MAX_CONNECTIONS,
    metricsToken: e.METRICS_TOKEN,
    submissionRateLimit: e.SUBMISSION_RATE_LIMIT,
    labRateLimit: e.LAB_RATE_LIMIT,
    labs: { workers: e.LAB_WORKERS, timeLimitMs: e.LAB_TIME_LIMIT_MS, queueLength: e.LAB_QUEUE_LENGTH },
    authIpRateLimit: e.AUTH_IP_RATE_LIMIT,
    authAccountRateLimit: e.AUTH_ACCOUNT_RATE_LIMIT,
    mailRateLimit: e.MAIL_RATE_LIMIT,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER.replace(/\/+$/, ''),
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            label: e.OIDC_BUTTON_LABEL ?? 'Single sign-on',
          }
        : undefined,
    localSignUp: e.LOCAL_SIGN_UP === 'on',
    instances: {
      provider: e.INSTANCES_PROVIDER,
      engineSocket: e.INSTANCES_ENGINE_SOCKET,
      namespace: e.INSTANCES_NAMESPACE,
      host: e.INSTANCES_HOST ?? 'localhost',
      publishAddress: e.INSTANCES_PUBLISH_ADDRESS,
      subnetPool: e.INSTANCES_SUBNET_POOL,
      limits: { global: e.INSTANCES_MAX_RUNNING, perPlayer: e.INSTANCES_MAX_PER_PLAYER },
    },
  });
});

/** Derived from the schema, so that a setting is declared once. */
export type Config = z.output<typeof ConfigSchema>;

/** Parses the environment once, at start; a wrong value stops the server with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'env'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
