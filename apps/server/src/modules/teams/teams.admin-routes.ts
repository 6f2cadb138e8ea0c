import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  AdminCreateTeamBodySchema,
  AdminDeleteTeamResultSchema,
  AdminMergeResultSchema,
  AdminMergeTeamsBodySchema,
  AdminMoveMemberBodySchema,
  AdminTeamAdjustmentBodySchema,
  AdminTeamMemberParamsSchema,
  AdminTeamPageSchema,
  AdminTeamParamsSchema,
  AdminTeamQuerySchema,
  AdminTeamSchema,
  AdminUpdateTeamBodySchema,
} from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { TeamsAdminService } from './teams-admin.service.js';

/**
 * Under /api/admin/teams: admins' team management (docs/product.md#team-management). Every route requires the admin role,
 * checked on the server before the body is read; the OpenAPI walk of admin.routes.test.ts covers them.
 */
export const teamsAdminRoutes: FastifyPluginAsyncZod<{ teamsAdmin: TeamsAdminService; guards: Guards }> = async (
  app,
  options,
) => {
  const { teamsAdmin, guards } = options;
  const onRequest = guards.requireAdmin;
  const tags = ['admin'];
  const params = AdminTeamParamsSchema;
  const team = { 200: AdminTeamSchema };
  const actor = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userId;

  app.get(
    '/teams',
    { onRequest, schema: { tags, querystring: AdminTeamQuerySchema, response: { 200: AdminTeamPageSchema } } },
    async (request) => teamsAdmin.listTeams(request.query),
  );

  app.post('/teams', { onRequest, schema: { tags, body: AdminCreateTeamBodySchema, response: team } }, async (request) =>
    teamsAdmin.createTeam(actor(request), request.body.name),
  );

  app.patch(
    '/teams/:teamId',
    { onRequest, schema: { tags, params, body: AdminUpdateTeamBodySchema, response: team } },
    async (request) => teamsAdmin.updateTeam(actor(request), request.params.teamId, request.body),
  );

  app.post('/teams/:teamId/invite-code', { onRequest, schema: { tags, params, response: team } }, async (request) =>
    teamsAdmin.regenerateInviteCode(actor(request), request.params.teamId),
  );

  app.put(
    '/teams/:teamId/adjustment',
    { onRequest, schema: { tags, params, body: AdminTeamAdjustmentBodySchema, response: team } },
    async (request) => teamsAdmin.setAdjustment(actor(request), request.params.teamId, request.body),
  );

  app.post(
    '/teams/:teamId/members',
    {
      onRequest,
      schema: {
        tags,
        description: 'Moves a player (in another team or in none) into this team; their past solves stay where they are.',
        params,
        body: AdminMoveMemberBodySchema,
        response: team,
      },
    },
    async (request) => teamsAdmin.moveMember(actor(request), request.params.teamId, request.body.userId),
  );

  app.delete(
    '/teams/:teamId/members/:userId',
    { onRequest, schema: { tags, params: AdminTeamMemberParamsSchema, response: team } },
    async (request) => teamsAdmin.removeMember(actor(request), request.params.teamId, request.params.userId),
  );

  app.post(
    '/teams/:teamId/merge',
    {
      onRequest,
      schema: {
        tags,
        description: 'Merges the team `fromTeamId` into this one and deletes it (docs/decisions/016-teams.md).',
        params,
        body: AdminMergeTeamsBodySchema,
        response: { 200: AdminMergeResultSchema },
      },
    },
    async (request) => teamsAdmin.mergeTeams(actor(request), request.params.teamId, request.body.fromTeamId),
  );

  app.delete(
    '/teams/:teamId',
    { onRequest, schema: { tags, params, response: { 200: AdminDeleteTeamResultSchema } } },
    async (request) => teamsAdmin.deleteTeam(actor(request), request.params.teamId),
  );
};
