import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  JoinTeamBodySchema,
  MyTeamResultSchema,
  OkSchema,
  type OwnTeam,
  OwnTeamSchema,
  PublicTeamSchema,
  TeamMemberBodySchema,
  TeamMemberParamsSchema,
  TeamNameBodySchema,
  TeamParamsSchema,
} from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';
import type { FrozenAtOf } from '../seasons/event.routes.js';

import type { TeamsService } from './teams.service.js';

/**
 * Under /api/teams (docs/product.md#teams): a player's own team (`/mine`, captain's changes included: the service checks
 * the captaincy) and any team's public page. Signed-in players only.
 */
export const teamsRoutes: FastifyPluginAsyncZod<{
  teams: TeamsService;
  guards: Guards;
  /** During a freeze, the numbers players see (docs/product.md#freeze); admins may ask for them with ?view=public. */
  frozenAt?: FrozenAtOf;
}> = async (app, options) => {
  const { teams, guards } = options;
  const frozenAtOf = options.frozenAt ?? (() => null);
  const onRequest = guards.requireUser;
  const tags = ['teams'];
  const own = { 200: OwnTeamSchema };
  /** A change's answer as its author sees their team: during a freeze, not the live numbers (docs/product.md#freeze). */
  const asSeen = async (request: FastifyRequest, change: Promise<OwnTeam>): Promise<OwnTeam> => {
    const team = await change;
    const frozenAt = frozenAtOf(request);
    return frozenAt === null ? team : ((await teams.getMine(currentUser(request).userId, frozenAt)).team ?? team);
  };

  app.get('/mine', { onRequest, schema: { tags, response: { 200: MyTeamResultSchema } } }, async (request) =>
    teams.getMine(currentUser(request).userId, frozenAtOf(request)),
  );

  app.post('/', { onRequest, schema: { tags, body: TeamNameBodySchema, response: own } }, async (request) =>
    asSeen(request, teams.createTeam(currentUser(request).userId, request.body.name)),
  );

  app.post(
    '/join',
    {
      onRequest,
      schema: {
        tags,
        description: 'Joins the team of this invite code. Attempts are rate-limited.',
        body: JoinTeamBodySchema,
        response: own,
      },
    },
    async (request) => asSeen(request, teams.joinTeam(currentUser(request).userId, request.body.code)),
  );

  app.post('/mine/leave', { onRequest, schema: { tags, response: { 200: OkSchema } } }, async (request) => {
    await teams.leaveTeam(currentUser(request).userId);
    return { ok: true as const };
  });

  app.patch('/mine', { onRequest, schema: { tags, body: TeamNameBodySchema, response: own } }, async (request) =>
    asSeen(request, teams.renameTeam(currentUser(request).userId, request.body.name)),
  );

  app.post('/mine/invite-code', { onRequest, schema: { tags, response: own } }, async (request) =>
    asSeen(request, teams.regenerateInviteCode(currentUser(request).userId)),
  );

  app.delete(
    '/mine/members/:userId',
    { onRequest, schema: { tags, params: TeamMemberParamsSchema, response: own } },
    async (request) => asSeen(request, teams.removeMember(currentUser(request).userId, request.params.userId)),
  );

  app.post('/mine/captain', { onRequest, schema: { tags, body: TeamMemberBodySchema, response: own } }, async (request) =>
    asSeen(request, teams.handOverCaptaincy(currentUser(request).userId, request.body.userId)),
  );

  app.get(
    '/:teamId',
    { onRequest, schema: { tags, params: TeamParamsSchema, response: { 200: PublicTeamSchema } } },
    async (request) =>
      teams.getTeam(request.params.teamId, { userId: currentUser(request).userId, frozenAt: frozenAtOf(request) }),
  );
};
