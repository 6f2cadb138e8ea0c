import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';

import { PublicEventSchema } from '@drapeau/shared';

import type { EventService } from './event.service.js';

/** GET /api/event: public (the landing page shows the countdown to visitors); no setting an admin keeps private. */
export const eventRoutes: FastifyPluginAsyncZod<{ event: EventService }> = async (app, { event }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['event'],
        summary: "The event's mode, times and phase, and the server's clock (docs/product.md#events)",
        response: { 200: PublicEventSchema },
      },
    },
    async () => event.getPublic(),
  );
};

/**
 * A preHandler for the players' challenge routes (list, detail, hints, files, labs, submissions): before the start of an
 * event they answer 403 EVENT_NOT_STARTED, except to admins. It runs after each route's own guard (onRequest), so an
 * anonymous caller still gets 401 first.
 */
export function eventGate(event: EventService) {
  return async (request: FastifyRequest): Promise<void> => {
    event.assertChallengesOpen(request.sessionUser?.role === 'admin');
  };
}

/** What a request's viewer is cut at during a freeze (docs/product.md#freeze): see EventService.frozenAtFor. */
export type FrozenAtOf = (request: FastifyRequest) => Date | null;

/**
 * The freeze's cut-off for a request: players always see the frozen numbers; admins see the live state unless they ask
 * for the players' view with `?view=public` (read from the URL, whatever the route's query schema keeps).
 */
export function frozenAtOf(event: EventService): FrozenAtOf {
  return (request) => {
    const isAdmin = request.sessionUser?.role === 'admin';
    const wantsPublicView = isAdmin && new URL(request.url, 'http://localhost').searchParams.get('view') === 'public';
    return event.frozenAtFor({ isAdmin, wantsPublicView });
  };
}
