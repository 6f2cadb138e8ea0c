import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';
import type { LoggerOptions as PinoLoggerOptions } from 'pino';

/**
 * Secrets never reach the logs (docs/conventions.md#validation-and-errors): cookies, tokens, passwords and flags are
 * censored wherever they appear.
 */
export const REDACTED_PATHS = [
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

export function createLoggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
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
