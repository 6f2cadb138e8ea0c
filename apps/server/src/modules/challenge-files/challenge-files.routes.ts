import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { ChallengeParamsSchema } from '@drapeau/shared';

import type { Guards } from '../../http/auth-guards.js';

import type { ChallengeFilesService } from './challenge-files.service.js';

export const challengeFilesRoutes: FastifyPluginAsyncZod<{ files: ChallengeFilesService; guards: Guards }> = async (
  app,
  options,
) => {
  const { files, guards } = options;

  app.get(
    '/:id/file',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['challenges'],
        description: "Downloads the challenge's file, made for this deployment.",
        params: ChallengeParamsSchema,
        response: { 200: z.any().describe('the file') },
      },
    },
    async (request, reply) => {
      const file = await files.getChallengeFile(request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
};
