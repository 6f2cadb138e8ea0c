import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  AdminChallengeBodySchema,
  AdminChallengeListSchema,
  AdminChallengePatchSchema,
  AdminChallengeQuerySchema,
  AdminChallengeSchema,
  ChallengeFlagListSchema,
  ChallengeParamsSchema,
  DeleteChallengeResultSchema,
  DuplicateChallengeBodySchema,
  ImportQuerySchema,
  ImportReportSchema,
  IMPORT_LIMITS,
  IncidentListSchema,
  PerUserFlagsSettingSchema,
  SeedResultSchema,
  TestFlagBodySchema,
  TestFlagResultSchema,
} from '@drapeau/shared';

import { currentUser, type Guards } from '../../../http/auth-guards.js';
import type { CatalogueTransferService } from '../import-export/catalogue-transfer.service.js';
import type { ChallengesService } from '../catalogue/challenges.service.js';
import { deriveFlag } from '../flags/flag-check.js';

import type { AuthoringService } from './authoring.service.js';

/**
 * Under /api/admin: every route requires the admin role, checked on the server (docs/challenge-authoring.md lists
 * them). These answers carry flags: they use the admin schemas only.
 */
export const challengesAdminRoutes: FastifyPluginAsyncZod<{
  challenges: ChallengesService;
  authoring: AuthoringService;
  transfer: CatalogueTransferService;
  instanceSecret: string;
  guards: Guards;
}> = async (app, options) => {
  const { authoring, transfer, guards, challenges } = options;
  const admin = { onRequest: guards.requireAdmin };
  const tags = ['admin'];
  app.addContentTypeParser('application/zip', { parseAs: 'buffer', bodyLimit: IMPORT_LIMITS.maxArchiveBytes }, (_r, body, done) =>
    done(null, body),
  );

  app.post('/seed', { ...admin, schema: { tags, response: { 200: SeedResultSchema } } }, async (request) =>
    transfer.seedCatalogue(currentUser(request).userId),
  );

  // Every derived flag at once: a browser session only, never an API token.
  app.get(
    '/challenges/flags',
    { onRequest: guards.requireAdminSession, schema: { tags, response: { 200: ChallengeFlagListSchema } } },
    async () => ({
      flags: (await challenges.listAllChallenges())
        .filter((c) => c.flags.some((f) => f.kind === 'derived'))
        .map((c) => ({ id: c.id, flag: deriveFlag(options.instanceSecret, c.id) })),
    }),
  );

  app.get(
    '/challenges',
    { ...admin, schema: { tags, querystring: AdminChallengeQuerySchema, response: { 200: AdminChallengeListSchema } } },
    async (request) => ({ challenges: await authoring.listChallenges(request.query) }),
  );
  app.post(
    '/challenges',
    { ...admin, schema: { tags, body: AdminChallengeBodySchema, response: { 201: AdminChallengeSchema } } },
    async (request, reply) => reply.status(201).send(await authoring.createChallenge(currentUser(request).userId, request.body)),
  );
  app.get(
    '/challenges/export',
    { ...admin, schema: { tags, description: 'A zip of ctfcli folders.', response: { 200: z.any() } } },
    async (_request, reply) =>
      reply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="challenges.zip"')
        .header('x-content-type-options', 'nosniff')
        .send(await transfer.exportZip()),
  );
  app.post(
    '/challenges/import',
    {
      ...admin,
      bodyLimit: IMPORT_LIMITS.maxArchiveBytes,
      schema: {
        tags,
        description: 'Body: a zip (application/zip).',
        querystring: ImportQuerySchema,
        response: { 200: ImportReportSchema },
      },
    },
    async (request) =>
      // Any other content type (a JSON body, a form) is not a zip: refused as NOT_A_ZIP like a damaged archive.
      transfer.importZip(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), {
        createCategories: request.query.createCategories,
        actorId: currentUser(request).userId,
      }),
  );
  app.get(
    '/challenges/:id',
    { ...admin, schema: { tags, params: ChallengeParamsSchema, response: { 200: AdminChallengeSchema } } },
    async (request) => authoring.getChallenge(request.params.id),
  );
  app.patch(
    '/challenges/:id',
    {
      ...admin,
      schema: { tags, params: ChallengeParamsSchema, body: AdminChallengePatchSchema, response: { 200: AdminChallengeSchema } },
    },
    async (request) => authoring.updateChallenge(currentUser(request).userId, request.params.id, request.body),
  );
  app.post(
    '/challenges/:id/duplicate',
    {
      ...admin,
      schema: {
        tags,
        params: ChallengeParamsSchema,
        body: DuplicateChallengeBodySchema,
        response: { 201: AdminChallengeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await authoring.duplicateChallenge(currentUser(request).userId, request.params.id, request.body.id)),
  );
  app.delete(
    '/challenges/:id',
    { ...admin, schema: { tags, params: ChallengeParamsSchema, response: { 200: DeleteChallengeResultSchema } } },
    async (request) => authoring.deleteChallenge(currentUser(request).userId, request.params.id),
  );
  app.post(
    '/challenges/:id/test-flag',
    {
      ...admin,
      schema: { tags, params: ChallengeParamsSchema, body: TestFlagBodySchema, response: { 200: TestFlagResultSchema } },
    },
    async (request) => authoring.testFlag(request.params.id, request.body.flag, request.body.userId),
  );
  app.get('/incidents', { ...admin, schema: { tags, response: { 200: IncidentListSchema } } }, async () => ({
    incidents: await authoring.listIncidents(),
  }));
  app.get('/settings/per-user-flags', { ...admin, schema: { tags, response: { 200: PerUserFlagsSettingSchema } } }, async () => ({
    isBuiltInPackPerUser: await challenges.isPackPerUser(),
  }));
  app.put(
    '/settings/per-user-flags',
    { ...admin, schema: { tags, body: PerUserFlagsSettingSchema, response: { 200: PerUserFlagsSettingSchema } } },
    async (request) => ({
      isBuiltInPackPerUser: await authoring.setPackPerUser(currentUser(request).userId, request.body.isBuiltInPackPerUser),
    }),
  );
};
