import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { BadgeListSchema } from '@drapeau/shared';

import type { Guards } from '../../http/auth-guards.js';

import type { BadgesService } from './badges.service.js';

export const badgesRoutes: FastifyPluginAsyncZod<{ badges: BadgesService; guards: Guards }> = async (app, options) => {
  const { badges, guards } = options;
  app.get('/', { onRequest: guards.requireUser, schema: { tags: ['badges'], response: { 200: BadgeListSchema } } }, async () => ({
    badges: await badges.listBadges(),
  }));
};
