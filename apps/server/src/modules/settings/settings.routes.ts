import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { PlatformSettingsSchema, UpdatePlatformSettingsBodySchema } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { SettingsService } from './settings.service.js';

/** Under /api/admin: the platform settings, read and changed by admins only (checked before the body is read). */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService; guards: Guards }> = async (app, options) => {
  const { settings, guards } = options;
  const onRequest = guards.requireAdmin;
  const tags = ['admin'];

  app.get('/settings', { onRequest, schema: { tags, response: { 200: PlatformSettingsSchema } } }, async () => settings.get());

  app.patch(
    '/settings',
    {
      onRequest,
      schema: {
        tags,
        description: 'Changes the settings given; the others keep their value. Recorded in the audit log.',
        body: UpdatePlatformSettingsBodySchema,
        response: { 200: PlatformSettingsSchema },
      },
    },
    async (request) => settings.update(currentUser(request).userId, request.body),
  );
};
