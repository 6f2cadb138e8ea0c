import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  AdminAttachmentSchema,
  AdminCategoryBodySchema,
  AdminCategoryListSchema,
  AdminCategorySchema,
  AttachmentParamsSchema,
  AttachmentUploadQuerySchema,
  CategoryParamsSchema,
  ChallengeParamsSchema,
  MAX_ATTACHMENT_BYTES,
  OkSchema,
} from '@drapeau/shared';

import { currentUser, type Guards } from '../../../http/auth-guards.js';
import { badRequest } from '../../../lib/app-error.js';
import { sendFile } from '../../challenge-files/challenge-files.routes.js';
import type { ChallengeFilesService } from '../../challenge-files/challenge-files.service.js';
import type { AttachmentsService } from '../attachments/attachments.service.js';

import type { AuthoringService } from './authoring.service.js';

/** Under /api/admin: attachments and categories. Admin role checked on the server for every route. */
export const catalogueAdminRoutes: FastifyPluginAsyncZod<{
  attachments: AttachmentsService;
  authoring: AuthoringService;
  files: ChallengeFilesService;
  guards: Guards;
}> = async (app, options) => {
  const { attachments, authoring, files, guards } = options;
  const admin = { onRequest: guards.requireAdmin };
  const tags = ['admin'];
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_ATTACHMENT_BYTES }, (_r, body, done) =>
    done(null, body),
  );
  const bodyOf = (body: unknown): Buffer => {
    if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('VALIDATION_FAILED', 'Send the file as the body.');
    return body;
  };

  app.post(
    '/challenges/:id/attachments',
    {
      ...admin,
      bodyLimit: MAX_ATTACHMENT_BYTES,
      schema: {
        tags,
        description: 'Body: the file (application/octet-stream).',
        params: ChallengeParamsSchema,
        querystring: AttachmentUploadQuerySchema,
        response: { 201: AdminAttachmentSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await attachments.uploadAttachment(
            currentUser(request).userId,
            request.params.id,
            request.query.name,
            bodyOf(request.body),
          ),
        ),
  );
  app.put(
    '/challenges/:id/attachments/:attachmentId',
    {
      ...admin,
      bodyLimit: MAX_ATTACHMENT_BYTES,
      schema: {
        tags,
        params: AttachmentParamsSchema,
        querystring: AttachmentUploadQuerySchema.partial(),
        response: { 200: AdminAttachmentSchema },
      },
    },
    async (request) =>
      attachments.replaceAttachment(
        currentUser(request).userId,
        request.params.id,
        request.params.attachmentId,
        request.query.name,
        bodyOf(request.body),
      ),
  );
  app.delete(
    '/challenges/:id/attachments/:attachmentId',
    { ...admin, schema: { tags, params: AttachmentParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await attachments.removeAttachment(currentUser(request).userId, request.params.id, request.params.attachmentId);
      return { ok: true as const };
    },
  );
  app.get(
    '/challenges/:id/attachments/:attachmentId',
    { ...admin, schema: { tags, params: AttachmentParamsSchema, response: { 200: z.any() } } },
    async (request, reply) =>
      sendFile(reply, await files.getAdminFile(request.params.id, request.params.attachmentId, currentUser(request).userId)),
  );

  app.get('/categories', { ...admin, schema: { tags, response: { 200: AdminCategoryListSchema } } }, async () => ({
    categories: await authoring.listCategories(),
  }));
  app.post(
    '/categories',
    { ...admin, schema: { tags, body: AdminCategoryBodySchema, response: { 201: AdminCategorySchema } } },
    async (request, reply) => reply.status(201).send(await authoring.saveCategory(currentUser(request).userId, request.body)),
  );
  app.put(
    '/categories/:key',
    {
      ...admin,
      schema: { tags, params: CategoryParamsSchema, body: AdminCategoryBodySchema, response: { 200: AdminCategorySchema } },
    },
    async (request) => authoring.saveCategory(currentUser(request).userId, request.body, request.params.key),
  );
  app.delete(
    '/categories/:key',
    { ...admin, schema: { tags, params: CategoryParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await authoring.deleteCategory(currentUser(request).userId, request.params.key);
      return { ok: true as const };
    },
  );
};
