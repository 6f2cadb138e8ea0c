import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { type LeaderboardPage, LeaderboardPageSchema, LeaderboardQuerySchema } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { LeaderboardService } from './leaderboard.service.js';

export const leaderboardRoutes: FastifyPluginAsyncZod<{ leaderboard: LeaderboardService; guards: Guards }> = async (
  app,
  options,
) => {
  const { leaderboard, guards } = options;

  app.get(
    '/',
    {
      onRequest: guards.requireUser,
      schema: { tags: ['leaderboard'], querystring: LeaderboardQuerySchema, response: { 200: LeaderboardPageSchema } },
    },
    async (request, reply) => {
      const { search, page } = request.query;
      if (!search) {
        // Pre-serialized bytes of the common pages (and of searches below), built from the same schema-shaped object.
        // A Buffer body skips serialization and encoding: Fastify sends the bytes as they are.
        const bytes = await leaderboard.getPageBytes(page);
        return reply.type('application/json; charset=utf-8').send(bytes as unknown as LeaderboardPage);
      }
      const bytes = await leaderboard.getSearchBytes({ search, page }, currentUser(request).role === 'admin');
      return reply.type('application/json; charset=utf-8').send(bytes as unknown as LeaderboardPage);
    },
  );
};
