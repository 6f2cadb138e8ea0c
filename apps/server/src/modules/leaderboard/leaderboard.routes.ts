import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { CtftimeFeedSchema, LeaderboardPageSchema, LeaderboardQuerySchema } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';
import { sendPrecompressedJson, withoutCompressionHooks } from '../../http/compression.js';
import { notFound } from '../../lib/app-error.js';
import type { FrozenAtOf } from '../seasons/event.routes.js';

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
      ...withoutCompressionHooks,
    },
    async (request, reply) => {
      const { search, page } = request.query;
      const frozenAt = frozenAtOf(request);
      // Bytes serialized (and compressed) once per change of the standings, from the same schema-shaped object. A
      // Buffer body skips serialization: Fastify sends the bytes as they are.
      const body = search
        ? await leaderboard.getSearchBody({ search, page }, currentUser(request).role === 'admin', frozenAt)
        : await leaderboard.getPageBody(page, frozenAt);
      return sendPrecompressedJson(request, reply, body);
    },
  );
};

/**
 * GET /api/scoreboard/ctftime: CTFtime's JSON scoreboard feed (docs/product.md#ctftime-feed); public while `isOpen()` says
 * so (404 otherwise), served from memory.
 */
export const scoreboardRoutes: FastifyPluginAsyncZod<{
  leaderboard: LeaderboardService;
  /** During an event, or when admins publish it (`isCtftimeFeedOpen`). */
  isOpen: () => boolean;
  frozenAt?: FrozenAtOf;
}> = async (app, { leaderboard, isOpen, frozenAt = live }) => {
  app.get(
    '/ctftime',
    {
      schema: {
        tags: ['leaderboard'],
        summary: "CTFtime's JSON scoreboard feed: tasks, and per standing pos, team, score, taskStats and lastAccept",
        response: { 200: CtftimeFeedSchema },
      },
      ...withoutCompressionHooks,
    },
    async (request, reply) => {
      if (!isOpen()) throw notFound('CTFTIME_FEED_NOT_PUBLISHED', 'The CTFtime feed is not published.');
      const body = await leaderboard.getCtftimeBody(frozenAt(request));
      // CTFtime polls every minute; a shared cache may keep it that long.
      return sendPrecompressedJson(request, reply.header('cache-control', 'public, max-age=60'), body);
    },
  );
};
