import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  ChallengeParamsSchema,
  OkSchema,
  WriteUpBodySchema,
  WriteUpPageQuerySchema,
  WriteUpPageSchema,
  WriteUpParamsSchema,
  WriteUpSchema,
} from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { WriteUpsService } from './write-ups.service.js';

type Options = { writeUps: WriteUpsService; guards: Guards };

/** Under /api/challenges (closed before an event starts, like the challenges): reading, publishing, deleting one's own. */
export const challengeWriteUpsRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { writeUps, guards } = options;
  const tags = ['write-ups'];
  app.get(
    '/:id/write-ups',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        description: "The caller's write-up and a page of the others'; 403 CHALLENGE_NOT_SOLVED before solving.",
        params: ChallengeParamsSchema,
        querystring: WriteUpPageQuerySchema,
        response: { 200: WriteUpPageSchema },
      },
    },
    async (request) => writeUps.getPage(currentUser(request), request.params.id, request.query.page),
  );
  app.put(
    '/:id/write-ups/mine',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        description: "Publishes the caller's write-up (201), or replaces its text (200). Requires a solve.",
        params: ChallengeParamsSchema,
        body: WriteUpBodySchema,
        response: { 200: WriteUpSchema, 201: WriteUpSchema },
      },
    },
    async (request, reply) => {
      const { writeUp, isCreated } = await writeUps.save(currentUser(request), request.params.id, request.body);
      return reply.status(isCreated ? 201 : 200).send(writeUp);
    },
  );
  app.delete(
    '/:id/write-ups/mine',
    {
      onRequest: guards.requireUser,
      schema: { tags, params: ChallengeParamsSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      await writeUps.removeOwn(currentUser(request), request.params.id);
      return { ok: true as const };
    },
  );
};

/** Under /api/write-ups: moderation (write-up-access.ts decides who; 403 FORBIDDEN for anyone else). */
export const writeUpModerationRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { writeUps, guards } = options;
  const tags = ['write-ups'];
  for (const action of ['hide', 'unhide'] as const) {
    app.post(
      `/:writeUpId/${action}`,
      {
        onRequest: guards.requireUser,
        schema: { tags, params: WriteUpParamsSchema, response: { 200: WriteUpSchema } },
      },
      async (request) => writeUps[action](currentUser(request), request.params.writeUpId),
    );
  }
};
