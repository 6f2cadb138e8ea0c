import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

import { type ErrorBody, type ErrorCode, IMPORT_LIMITS } from '@drapeau/shared';

import { AppError } from '../lib/app-error.js';

import { RATE_LIMITS } from './rate-limits.js';

function body(code: ErrorCode, message: string, extra: Partial<ErrorBody['error']> = {}): ErrorBody {
  return { error: { code, message, ...extra } };
}

/**
 * The one place where failures become responses: `{ error: { code, message } }` (docs/conventions.md#validation-and-errors).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(
        body(error.code, error.message, {
          ...error.extra,
          ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send(body('VALIDATION_FAILED', 'The request is not valid.', { issues }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response failed its schema');
      return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side.'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      const retryAfterSeconds = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 60)));
      return reply
        .status(429)
        .send(body('RATE_LIMITED', `Too many requests. Try again in ${retryAfterSeconds} s.`, { retryAfterSeconds }));
    }
    if (status === 413) {
      const contentType = String(request.headers['content-type'] ?? '');
      const isImage = contentType.startsWith('image/');
      if (contentType.startsWith('application/octet-stream'))
        return reply.status(413).send(body('ATTACHMENT_TOO_LARGE', 'The file is too large.'));
      if (contentType.startsWith('application/zip'))
        return reply.status(413).send(
          body('IMPORT_INVALID', 'The archive is too large.', {
            problems: [
              {
                code: 'TOO_LARGE',
                file: '',
                line: null,
                field: null,
                reason: 'ARCHIVE_TOO_LARGE',
                params: { maxMb: IMPORT_LIMITS.maxArchiveBytes / 1024 / 1024 },
                message: 'the archive is too large',
              },
            ],
          }),
        );
      return reply
        .status(413)
        .send(
          body(
            isImage ? 'IMAGE_TOO_LARGE' : 'VALIDATION_FAILED',
            isImage ? 'Image must be smaller than 5MB' : 'The request body is too large.',
          ),
        );
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large, bad URL encoding.
      const code: ErrorCode =
        status === 404 ? 'NOT_FOUND' : status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : 'VALIDATION_FAILED';
      return reply.status(status).send(body(code, error.message));
    }
    if (hasCode(error, FOREIGN_KEY_CODES) && messagesOf(error).includes('solves_team_id_teams_id_fk')) {
      // A solve for a team an admin merged or deleted between the team's lookup and the solve's insert (docs/decisions/
      // 016-teams.md): nothing was written; the flag sent again counts for the player's team as it is now.
      return reply.status(409).send(body('TEAM_NOT_FOUND', 'Your team changed meanwhile: send the flag again.'));
    }
    if (hasCode(error, UNSTORABLE_TEXT_CODES)) {
      // Text PostgreSQL cannot store (a NUL byte in a path parameter or a field): the request's fault, not ours.
      return reply.status(400).send(body('VALIDATION_FAILED', 'The request contains characters that are not allowed.'));
    }
    if (hasCode(error, STORAGE_CODES) || /No space left on device|read-only file system/i.test(messagesOf(error))) {
      // Disk full or storage read-only: nothing can be saved until an operator frees space (issue #17.8).
      request.log.error({ err: error }, 'storage full or read-only: free disk space or make DATA_DIR writable');
      return reply
        .status(503)
        .header('retry-after', '60')
        .send(
          body('STORAGE_UNAVAILABLE', 'The server cannot save anything right now. Try again in a minute.', {
            retryAfterSeconds: 60,
          }),
        );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(
          body('SERVICE_UNAVAILABLE', 'The service is briefly unavailable. Try again in a few seconds.', {
            retryAfterSeconds: 5,
          }),
        );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side.'));
  });
}

/**
 * 404 for an unknown route, rate-limited per address: a scanner walking paths is slowed down like any other caller
 * (docs/conventions.md#validation-and-errors). Registered after @fastify/rate-limit, whose `rateLimit` it uses.
 */
export function registerNotFoundHandler(app: FastifyInstance): void {
  app.setNotFoundHandler(
    {
      preHandler: app.rateLimit({
        max: RATE_LIMITS['not-found'].points,
        timeWindow: RATE_LIMITS['not-found'].windowMs,
        keyGenerator: (request) => `404:${request.ip}`,
      }),
    },
    (request, reply) =>
      reply.status(404).send(body('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0] ?? ''}.`)),
  );
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
]);

/** PostgreSQL: foreign_key_violation. */
const FOREIGN_KEY_CODES = new Set(['23503']);

/** PostgreSQL: character_not_in_repertoire (e.g. "invalid byte sequence for encoding UTF8: 0x00"), untranslatable_character. */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

/** Node: no space, quota, read-only file system; PostgreSQL: disk_full, read_only_sql_transaction. */
const STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', '53100', '25006']);

function messagesOf(error: unknown): string {
  const messages: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string') messages.push(message);
    current = (current as { cause?: unknown }).cause;
  }
  return messages.join('\n');
}

function hasCode(error: unknown, codes: ReadonlySet<string>): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && /Connection terminated|connect ECONNREFUSED/.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
