import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ChallengeParamsSchema, LabRequestSchema, LabResponseSchema } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { LabsService } from './labs.service.js';

export const labsRoutes: FastifyPluginAsyncZod<{ labs: LabsService; guards: Guards }> = async (app, options) => {
  const { labs, guards } = options;

  app.post(
    '/:id/lab',
    {
      onRequest: guards.requireUser,
      schema: { tags: ['labs'], params: ChallengeParamsSchema, body: LabRequestSchema, response: { 200: LabResponseSchema } },
    },
    async (request, reply) => {
      const { headers, ...response } = await labs.runLab(currentUser(request).userId, request.params.id, request.body);
      // Hidden HTTP Headers: the flag travels in real response headers, which the player inspects.
      if (headers) {
        void reply.headers(headers);
        void reply.header('access-control-expose-headers', Object.keys(headers).join(', '));
      }
      return response;
    },
  );
};
