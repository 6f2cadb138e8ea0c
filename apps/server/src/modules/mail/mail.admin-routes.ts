import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { OutboxPageSchema, OutboxQuerySchema } from '@drapeau/shared';

import type { Guards } from '../../http/auth-guards.js';

import type { Mailer } from './mailer.js';

/** Under /api/admin: the outbox of account mails, read by admins when no SMTP server is configured. */
export const mailAdminRoutes: FastifyPluginAsyncZod<{ mailer: Mailer; guards: Guards }> = async (app, options) => {
  app.get(
    '/mail',
    {
      onRequest: options.guards.requireAdmin,
      schema: { tags: ['admin'], querystring: OutboxQuerySchema, response: { 200: OutboxPageSchema } },
    },
    async (request) => options.mailer.listOutbox(request.query.page),
  );
};
