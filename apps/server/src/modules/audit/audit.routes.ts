import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AdminUserQuerySchema, AuditPageSchema } from '@drapeau/shared';

import type { Guards } from '../../http/auth-guards.js';

import type { AuditService } from './audit.service.js';

/** The audit log pages like the other admin lists. */
const AuditQuerySchema = AdminUserQuerySchema.pick({ page: true });

/** Under /api/admin: the audit log of the admin panel (docs/product.md#admin-panel), admins only. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService; guards: Guards }> = async (app, options) => {
  const { audit, guards } = options;
  app.get(
    '/audit',
    {
      // onRequest: the role is checked before the query is parsed, as for every admin route.
      onRequest: guards.requireAdmin,
      schema: { tags: ['admin'], querystring: AuditQuerySchema, response: { 200: AuditPageSchema } },
    },
    async (request) => audit.listEntries(request.query.page),
  );
};
