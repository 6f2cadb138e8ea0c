import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AttachmentParamsSchema, ChallengeParamsSchema } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { ChallengeFilesService } from './challenge-files.service.js';
import type { GeneratedFile } from './generator.js';

/** Every file goes out as a download, never rendered by the browser: `attachment`, `nosniff`, a safe name. */
export function sendFile(reply: FastifyReply, file: GeneratedFile) {
  const ascii = file.fileName.replace(/[^A-Za-z0-9._ -]/g, '_');
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.data);
}

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
        description: "Downloads the challenge's first file (kept for older clients; see /attachments/:attachmentId).",
        params: ChallengeParamsSchema,
        response: { 200: z.any().describe('the file') },
      },
    },
    async (request, reply) => sendFile(reply, await files.getChallengeFile(request.params.id, currentUser(request).userId)),
  );

  app.get(
    '/:id/attachments/:attachmentId',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['challenges'],
        description: 'Downloads one of the challenge’s files (made for this player when its flag is per-user).',
        params: AttachmentParamsSchema,
        response: { 200: z.any().describe('the file') },
      },
    },
    async (request, reply) =>
      sendFile(reply, await files.getChallengeFile(request.params.id, currentUser(request).userId, request.params.attachmentId)),
  );
};
