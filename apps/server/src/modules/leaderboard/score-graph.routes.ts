import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { type ScoreGraph, ScoreGraphSchema } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { ScoreGraphService } from './score-graph.service.js';

/** GET /api/leaderboard/graph: the top players' scores over time (docs/product.md#score-graph), served from memory. */
export const scoreGraphRoutes: FastifyPluginAsyncZod<{ scoreGraph: ScoreGraphService; guards: Guards }> = async (
  app,
  { scoreGraph, guards },
) => {
  app.get(
    '/graph',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['leaderboard'],
        summary: 'The top 10 players’ scores over time, in leaderboard order; frozen for players during a freeze',
        response: { 200: ScoreGraphSchema },
      },
    },
    async (request, reply) => {
      const bytes = await scoreGraph.getGraphBytes(currentUser(request).role === 'admin');
      // Built once per change through the same schema-shaped object (score-graph.ts); Fastify sends the bytes as they are.
      return reply.type('application/json; charset=utf-8').send(bytes as unknown as ScoreGraph);
    },
  );
};
