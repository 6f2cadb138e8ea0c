import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  AnnouncementBodySchema,
  AnnouncementListSchema,
  AnnouncementParamsSchema,
  AnnouncementSchema,
  MarkAnnouncementsReadBodySchema,
  OkSchema,
} from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { AnnouncementsService } from './announcements.service.js';

/** Under /api/announcements: the signed-in user's list and read mark. */
export const announcementsRoutes: FastifyPluginAsyncZod<{ announcements: AnnouncementsService; guards: Guards }> = async (
  app,
  options,
) => {
  const { announcements, guards } = options;
  const tags = ['announcements'];
  app.get('/', { onRequest: guards.requireUser, schema: { tags, response: { 200: AnnouncementListSchema } } }, async (request) =>
    announcements.list(currentUser(request).userId),
  );
  app.post(
    '/read',
    { onRequest: guards.requireUser, schema: { tags, body: MarkAnnouncementsReadBodySchema, response: { 200: OkSchema } } },
    async (request) => {
      await announcements.markRead(currentUser(request).userId, request.body.upToId);
      return { ok: true as const };
    },
  );
};

/** Under /api/admin: writing and deleting announcements, admins only (checked on the server). */
export const announcementsAdminRoutes: FastifyPluginAsyncZod<{ announcements: AnnouncementsService; guards: Guards }> = async (
  app,
  options,
) => {
  const { announcements, guards } = options;
  const tags = ['admin'];
  app.post(
    '/announcements',
    { onRequest: guards.requireAdmin, schema: { tags, body: AnnouncementBodySchema, response: { 201: AnnouncementSchema } } },
    async (request, reply) => reply.status(201).send(await announcements.create(currentUser(request).userId, request.body)),
  );
  app.delete(
    '/announcements/:id',
    { onRequest: guards.requireAdmin, schema: { tags, params: AnnouncementParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await announcements.remove(currentUser(request).userId, request.params.id);
      return { ok: true as const };
    },
  );
};
