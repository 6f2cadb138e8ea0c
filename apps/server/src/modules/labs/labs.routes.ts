import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ChallengeParamsSchema, LabRequestSchema, LabResponseSchema } from '@drapeau/shared';
import { XSS_PREVIEW_CSP, XSS_PREVIEW_PAGE } from '@drapeau/labs';

import { currentUser, type Guards } from '../../http/auth-guards.js';
import { notFound } from '../../lib/app-error.js';

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
      // Hidden HTTP Headers: the flag travels in real response headers, which the player inspects. The page is on the
      // same origin, so it reads them without Access-Control-Expose-Headers (which would point straight at X-Flag).
      if (headers) void reply.headers(headers);
      return response;
    },
  );

  // The XSS lab's preview frame: its own sandboxed origin and CSP (@drapeau/labs, xss-preview-page.ts). Only as a frame.
  app.get('/xss-filter-bypass/lab/preview', { onRequest: guards.requireUser, schema: { hide: true } }, async (request, reply) => {
    const destination = request.headers['sec-fetch-dest'];
    if (destination !== undefined && destination !== 'iframe')
      throw notFound('LAB_NOT_FOUND', 'This page only opens inside the lab.');
    return reply
      .header('content-security-policy', XSS_PREVIEW_CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(XSS_PREVIEW_PAGE);
  });
};
