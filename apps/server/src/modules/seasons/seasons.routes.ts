import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  CtftimeFeedSchema,
  SeasonListResultSchema,
  SeasonParamsSchema,
  SeasonStandingsQuerySchema,
  SeasonStandingsResultSchema,
} from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { SeasonsService } from './seasons.service.js';

const tags = ['seasons'];
const params = SeasonParamsSchema;

/**
 * Events that ended and their kept final standings (docs/product.md#events): listed and exported for signed-in players
 * and admins; the CTFtime feed of each is public, as the live one is once an event has started.
 */
export const seasonsRoutes: FastifyPluginAsyncZod<{ seasons: SeasonsService; guards: Guards }> = async (
  app,
  { seasons, guards },
) => {
  app.get(
    '/',
    { onRequest: guards.requireUser, schema: { tags, summary: 'Events that ended', response: { 200: SeasonListResultSchema } } },
    async () => seasons.listSeasons(),
  );
  app.get(
    '/:id',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        params,
        querystring: SeasonStandingsQuerySchema,
        summary: "An ended event's final standings, one page, and the viewer's own row",
        response: { 200: SeasonStandingsResultSchema },
      },
    },
    async (request) => seasons.getSeason(request.params.id, { page: request.query.page, userId: currentUser(request).userId }),
  );
  app.get(
    '/:id/standings.csv',
    {
      onRequest: guards.requireUser,
      schema: { tags, params, summary: 'The final standings as CSV, one row per player (team)', response: { 200: z.string() } },
    },
    async (request, reply) => {
      const csv = await seasons.getStandingsCsv(request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="event-standings.csv"')
        .send(csv);
    },
  );
  app.get(
    '/:id/ctftime',
    {
      schema: {
        tags,
        params,
        summary: "CTFtime's JSON scoreboard feed of an ended event, from its kept standings (public)",
        response: { 200: CtftimeFeedSchema },
      },
    },
    async (request, reply) => {
      const feed = await seasons.getCtftimeFeed(request.params.id);
      // Kept standings never change: a shared cache may keep them.
      reply.header('cache-control', 'public, max-age=300');
      return feed;
    },
  );
};
