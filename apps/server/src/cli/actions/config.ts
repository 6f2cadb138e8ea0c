import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';

import { type Config, ConfigError, loadConfig } from '../../config.js';
import { createDatabase, readMigrationStatus } from '../../db/client.js';
import { CliError, type CliContext } from '../context.js';

const hidden = (value: string | undefined, unset: string) => (value === undefined ? unset : 'set (hidden)');

/** A connection string with its password replaced, so that it can be printed. */
export function maskUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '*****';
    return parsed.toString();
  } catch {
    return '(unparsable, hidden)';
  }
}

/** The effective configuration, one variable a line, secrets hidden (README "Configuration"). */
export function describeConfig(config: Config): [string, string][] {
  return [
    ['NODE_ENV', config.env],
    ['PORT', String(config.port)],
    ['HOST', config.host],
    ['DATA_DIR', config.dataDir],
    ['DATABASE_URL', maskUrl(config.databaseUrl) ?? 'unset: embedded PGlite under DATA_DIR/pglite'],
    ['ADMIN_EMAIL', config.admin?.email ?? 'unset'],
    ['ADMIN_USERNAME', config.admin?.username ?? 'unset'],
    ['ADMIN_PASSWORD', hidden(config.admin?.password, 'unset')],
    ['INSTANCE_SECRET', hidden(config.instanceSecret, 'unset: generated once, kept in the database')],
    ['SESSION_SECRET', hidden(config.sessionSecret, 'unset: generated once, kept in the database')],
    ['REDIS_URL', maskUrl(config.redisUrl) ?? 'unset: rate-limit counters in memory'],
    ['PUBLIC_URL', config.publicUrl],
    ['TRUSTED_ORIGINS', config.trustedOrigins.join(', ')],
    ['TRUST_PROXY', String(config.trustProxy)],
    ['LOG_LEVEL', config.logLevel],
    ['LOG_REQUESTS', config.logRequests ? 'true: one line per request' : 'false: no request lines (the proxy logs them)'],
    ['METRICS_TOKEN', hidden(config.metricsToken, 'unset: no /metrics endpoint')],
    ['SUBMISSION_RATE_LIMIT', String(config.submissionRateLimit)],
    ['LAB_RATE_LIMIT', String(config.labRateLimit)],
    ['LAB_WORKERS', String(config.labs.workers)],
    ['LAB_TIME_LIMIT_MS', String(config.labs.timeLimitMs)],
    ['LAB_QUEUE_LENGTH', String(config.labs.queueLength)],
    ['AUTH_IP_RATE_LIMIT', String(config.authIpRateLimit)],
    ['AUTH_ACCOUNT_RATE_LIMIT', String(config.authAccountRateLimit)],
  ];
}

async function nearestExistingParent(dir: string): Promise<string> {
  for (let current = dir; ; current = path.dirname(current)) {
    try {
      await access(current, constants.F_OK);
      return current;
    } catch {
      if (path.dirname(current) === current) return current;
    }
  }
}

/** What is wrong with a valid configuration: errors stop the server, warnings are risks. */
async function findProblems(config: Config): Promise<{ errors: string[]; warnings: string[] }> {
  const errors: string[] = [];
  const warnings: string[] = [];
  const writable = await nearestExistingParent(config.dataDir);
  await access(writable, constants.W_OK).catch(() => errors.push(`DATA_DIR: ${writable} is not writable by this user`));
  if (config.databaseUrl) {
    const database = await createDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 1 });
    try {
      const status = await readMigrationStatus(database.db);
      if (status.pending > 0) {
        warnings.push(`DATABASE_URL: ${status.pending} migration(s) not applied yet (the server applies them at start)`);
      }
    } catch (error) {
      errors.push(`DATABASE_URL: the database does not answer (${error instanceof Error ? error.message : String(error)})`);
    } finally {
      await database.close().catch(() => {});
    }
  }
  const isLocal = ['localhost', '127.0.0.1', '[::1]'].includes(new URL(config.publicUrl).hostname);
  if (config.env === 'production' && config.publicUrl.startsWith('http://') && !isLocal) {
    warnings.push('PUBLIC_URL: plain http on a public name; session cookies are not marked Secure (put HTTPS in front)');
  }
  if (config.env !== 'production' && config.host !== '127.0.0.1' && config.host !== 'localhost') {
    warnings.push(`NODE_ENV: ${config.env} while listening on ${config.host}; set NODE_ENV=production for a deployment`);
  }
  if (config.trustProxy && config.host === '127.0.0.1' && config.env === 'production') {
    warnings.push('TRUST_PROXY: set, so X-Forwarded-For is believed; make sure only the proxy can reach the server');
  }
  return { errors, warnings };
}

/** `config check`: the effective configuration, secrets hidden, and what is wrong with it. */
export async function checkConfig(context: CliContext): Promise<void> {
  let parsed: Config;
  try {
    parsed = loadConfig(context.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    context.out(`${error.message}\n`);
    throw new CliError('The configuration is not valid: the server would not start.');
  }
  const rows = describeConfig(parsed);
  const width = Math.max(...rows.map(([name]) => name.length));
  context.out(`Effective configuration:\n${rows.map(([n, v]) => `  ${n.padEnd(width)}  ${v}`).join('\n')}\n\n`);
  const { errors, warnings } = await findProblems(parsed);
  for (const e of errors) context.out(`error:   ${e}\n`);
  for (const w of warnings) context.out(`warning: ${w}\n`);
  if (errors.length === 0 && warnings.length === 0) context.out('No problem found.\n');
  if (errors.length > 0) throw new CliError(`${errors.length} error(s) found.`);
}
