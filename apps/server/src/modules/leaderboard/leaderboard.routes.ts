import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  type CtftimeFeed,
  CtftimeFeedSchema,
  type LeaderboardPage,
  LeaderboardPageSchema,
  LeaderboardQuerySchema,
} from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';
import type { FrozenAtOf } from '../event/event.routes.js';

import type { LeaderboardService } from './leaderboard.service.js';

const live: FrozenAtOf = () => null;

export const leaderboardRoutes: FastifyPluginAsyncZod<{
  leaderboard: LeaderboardService;
  guards: Guards;
  /** During a freeze, the standings at the freeze (docs/product.md#freeze); admins may ask for them with ?view=public. */
  frozenAt?: FrozenAtOf;
}> = async (app, options) => {
  const { leaderboard, guards } = options;
  const frozenAtOf = options.frozenAt ?? live;

  app.get(
    '/',
    {
      onRequest: guards.requireUser,
      schema: { tags: ['leaderboard'], querystring: LeaderboardQuerySchema, response: { 200: LeaderboardPageSchema } },
    },
    async (request, reply) => {
      const { search, page } = request.query;
      const frozenAt = frozenAtOf(request);
      if (!search) {
        // Pre-serialized bytes of the common pages (and of searches below), built from the same schema-shaped object.
        // A Buffer body skips serialization and encoding: Fastify sends the bytes as they are.
        const bytes = await leaderboard.getPageBytes(page, frozenAt);
        return reply.type('application/json; charset=utf-8').send(bytes as unknown as LeaderboardPage);
      }
      const bytes = await leaderboard.getSearchBytes({ search, page }, currentUser(request).role === 'admin', frozenAt);
      return reply.type('application/json; charset=utf-8').send(bytes as unknown as LeaderboardPage);
    },
  );
};

/** GET /api/scoreboard/ctftime: CTFtime's JSON scoreboard feed (docs/product.md#ctftime-feed); public, served from memory. */
export const scoreboardRoutes: FastifyPluginAsyncZod<{ leaderboard: LeaderboardService; frozenAt?: FrozenAtOf }> = async (
  app,
  { leaderboard, frozenAt = live },
) => {
  app.get(
    '/ctftime',
    {
      schema: {
        tags: ['leaderboard'],
        summary: "CTFtime's JSON scoreboard feed: tasks, and per standing pos, team, score, taskStats and lastAccept",
        response: { 200: CtftimeFeedSchema },
      },
    },
    async (request, reply) => {
      const bytes = await leaderboard.getCtftimeBytes(frozenAt(request));
      // CTFtime polls every minute; a shared cache may keep it that long.
      return reply
        .header('cache-control', 'public, max-age=60')
        .type('application/json; charset=utf-8')
        .send(bytes as unknown as CtftimeFeed);
    },
  );
};
