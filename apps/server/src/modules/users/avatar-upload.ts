import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { AVATAR_MAX_BYTES } from '@drapeau/shared';

import { AppError, badRequest } from '../../lib/app-error.js';

/**
 * PUT /api/users/me/avatar takes the image two ways (docs/product.md#validation): as the raw body with an image/*
 * Content-Type, or as `multipart/form-data` with one file part (named `file`), the usual way to upload. Both go through the
 * same checks: 5 MB, the pixel limit and the per-player upload limit.
 */
export async function registerAvatarBodyParsers(scope: FastifyInstance): Promise<void> {
  scope.addContentTypeParser(
    /^image\/[a-z0-9.+-]+$/,
    { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  // Registered in the avatar route's own scope: no other route accepts multipart bodies.
  await scope.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 20 },
  });
}

const NOT_AN_IMAGE = 'Send the image as the body with an image/* Content-Type, or as the file of a multipart/form-data form.';

/** The uploaded image's bytes, whichever way it came; anything else is 400 INVALID_IMAGE, too large 413 IMAGE_TOO_LARGE. */
export async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  if (Buffer.isBuffer(request.body)) return request.body;
  if (!request.isMultipart()) throw badRequest('INVALID_IMAGE', NOT_AN_IMAGE);
  try {
    const part = await request.file();
    if (!part || !/^image\/[a-z0-9.+-]+$/i.test(part.mimetype)) throw badRequest('INVALID_IMAGE', NOT_AN_IMAGE);
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError)
      throw new AppError('IMAGE_TOO_LARGE', 413, 'Image must be smaller than 5MB');
    // The plugin's own limits (too many parts or files) keep their 413; a malformed form is the client's fault.
    if (hasClientStatus(error)) throw error;
    throw badRequest('INVALID_IMAGE', 'The form could not be read as multipart/form-data.');
  }
}

function hasClientStatus(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

const BINARY = { type: 'string', format: 'binary' } as const;

/** The request body as the OpenAPI document shows it: the route checks it in its handler, not through a schema. */
export const AVATAR_BODY_DOCUMENT = {
  description: 'The avatar image (JPEG, PNG, WebP, GIF or AVIF; at most 5 MB and 16 megapixels), re-encoded by the server.',
  content: {
    'image/*': { schema: BINARY },
    'multipart/form-data': {
      schema: { type: 'object', properties: { file: BINARY }, required: ['file'] },
    },
  },
} as const;
