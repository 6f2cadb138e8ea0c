import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ChallengeParamsSchema, type SubmitFlagResult, SubmitFlagBodySchema, SubmitFlagResultSchema } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';
import { withoutCompressionHooks } from '../../http/compression.js';

import type { SubmitFlagOutcome, SubmissionsService } from './submissions.service.js';

/** docs/product.md#submitting-a-flag: the `{success, message}` over the outcome; the client words it from `status`. */
function toResult(outcome: SubmitFlagOutcome): SubmitFlagResult {
  switch (outcome.status) {
    case 'correct':
      return { success: true, message: 'Correct flag! Points awarded.', ...outcome };
    case 'practice':
      return { success: true, message: 'Correct flag! The event has ended: practice, no points.', ...outcome };
    case 'already_solved':
      return { success: false, status: outcome.status, message: 'You already solved this challenge.' };
    case 'team_already_solved':
      return { success: false, status: outcome.status, message: 'Your team already solved this challenge.' };
    case 'incorrect':
      return { success: false, status: outcome.status, message: 'Incorrect flag. Try again!' };
  }
}

export const submissionsRoutes: FastifyPluginAsyncZod<{ submissions: SubmissionsService; guards: Guards }> = async (
  app,
  options,
) => {
  const { submissions, guards } = options;

  app.post(
    '/:id/submit',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['challenges'],
        params: ChallengeParamsSchema,
        body: SubmitFlagBodySchema,
        response: { 200: SubmitFlagResultSchema },
      },
      // A verdict is a few hundred bytes, under the compression threshold: compression's hooks would only look.
      ...withoutCompressionHooks,
    },
    async (request) =>
      toResult(
        await submissions.submitFlag({
          userId: currentUser(request).userId,
          challengeId: request.params.id,
          flag: request.body.flag,
          ip: request.ip,
          isAdmin: currentUser(request).role === 'admin',
        }),
      ),
  );
};
