import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';
import { type LoggerOptions as PinoLoggerOptions, stdSerializers } from 'pino';

/**
 * Secrets never reach the logs (docs/conventions.md#validation-and-errors): cookies, tokens, passwords and flags are
 * censored wherever they appear.
 */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'password',
  'flag',
  'token',
  'secret',
  '*.password',
  '*.flag',
  '*.token',
  '*.secret',
  '*.submitted',
  'body.password',
  'body.flag',
];

export type LoggerOptions = FastifyLoggerOptions & PinoLoggerOptions;

/**
 * JSON lines, for log collectors, unless `pretty` (stdout is a terminal): then short coloured lines through pino-pretty,
 * in a worker thread. Redaction applies before either.
 */
export function createLoggerOptions(level: string, options: { pretty?: boolean } = {}): LoggerOptions {
  return {
    level,
    ...(options.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
          },
        }
      : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      err: serializeError,
      // Query strings can carry tokens; log the path only.
      req: (req: FastifyRequest) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
        ip: req.ip,
      }),
    },
  };
}

/** Fields of database errors that carry a query's values (a flag, a guess, audit details) or a row's. */
const VALUE_FIELDS = ['params', 'parameters', 'detail', 'where', 'internalQuery'];
/** Drizzle's "Failed query: <sql>\nparams: <values>", up to the stack or the next cause. */
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n\s+at |\ncaused by: |$)/g;

/**
 * pino's error serializer, without the values of a failed query (issue #17.7): a full disk must not write a correct
 * flag into the log. The query text and the error code stay.
 */
function serializeError(error: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  const serialized = stdSerializers.err(error);
  const scrubbed = scrub(serialized, 0);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { ...scrubbed, type: serialized.type, message: text(scrubbed.message), stack: text(scrubbed.stack) };
}

function scrub(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (VALUE_FIELDS.includes(key)) continue;
    if (typeof field === 'string' && (key === 'message' || key === 'stack')) out[key] = field.replace(PARAMS_LINE, '');
    else if (field && typeof field === 'object' && !Array.isArray(field) && depth < 5) {
      out[key] = scrub(field as Record<string, unknown>, depth + 1);
    } else out[key] = field;
  }
  return out;
}
