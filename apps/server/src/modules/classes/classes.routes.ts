import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ClassAssignmentParamsSchema,
  ClassLeaderboardSchema,
  ClassMemberParamsSchema,
  ClassParamsSchema,
  ClassPreviewSchema,
  ClassProgressSchema,
  CreateAssignmentBodySchema,
  CreateClassBodySchema,
  JoinClassBodySchema,
  MyClassSchema,
  OkSchema,
  TeacherClassListSchema,
  TeacherClassSchema,
  UpdateClassBodySchema,
} from '@drapeau/shared';

import { addressLimit, type RateLimits } from '../../http/rate-limits.js';
import { currentUser, type Guards } from '../../http/auth-guards.js';
import type { FrozenAtOf } from '../seasons/event.routes.js';

import { toProgressCsv } from './progress-csv.js';
import type { ClassesService } from './classes.service.js';

const ok = { ok: true as const };

/**
 * Under /api/classes (docs/product.md#classes). Students: join, leave, their class and its board. Teachers and admins
 * (requireTeacher): their classes, the matrix and its CSV, assignments. Which class a viewer may see is the service's rule.
 */
export const classesRoutes: FastifyPluginAsyncZod<{
  classes: ClassesService;
  guards: Guards;
  frozenAt: FrozenAtOf;
  /** The registry's limits (http/rate-limits.ts): `class-join-address`, besides the service's per-player `class-join`. */
  limits: RateLimits;
}> = async (app, options) => {
  const { classes, guards, frozenAt } = options;
  const tags = ['classes'];
  const params = ClassParamsSchema;

  // A student's side.
  app.get('/mine', { onRequest: guards.requireUser, schema: { tags, response: { 200: MyClassSchema } } }, async (request) =>
    classes.mine(currentUser(request)),
  );
  app.post(
    '/join',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: addressLimit(options.limits, 'class-join-address') },
      schema: { tags, body: JoinClassBodySchema, response: { 200: MyClassSchema } },
    },
    async (request) => classes.join(currentUser(request), request.body.code),
  );
  app.post(
    '/preview',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: addressLimit(options.limits, 'class-join-address') },
      schema: { tags, body: JoinClassBodySchema, response: { 200: ClassPreviewSchema } },
    },
    async (request) => classes.preview(currentUser(request), request.body.code),
  );
  app.delete('/mine', { onRequest: guards.requireUser, schema: { tags, response: { 200: OkSchema } } }, async (request) => {
    await classes.leave(currentUser(request));
    return ok;
  });
  app.get(
    '/:id/leaderboard',
    { onRequest: guards.requireUser, schema: { tags, params, response: { 200: ClassLeaderboardSchema } } },
    async (request) => classes.leaderboard(currentUser(request), request.params.id, frozenAt(request)),
  );

  // A teacher's side.
  app.get(
    '/',
    { onRequest: guards.requireTeacher, schema: { tags, response: { 200: TeacherClassListSchema } } },
    async (request) => ({
      classes: await classes.list(currentUser(request)),
    }),
  );
  app.post(
    '/',
    { onRequest: guards.requireTeacher, schema: { tags, body: CreateClassBodySchema, response: { 201: TeacherClassSchema } } },
    async (request, reply) => reply.status(201).send(await classes.create(currentUser(request), request.body)),
  );
  app.patch(
    '/:id',
    {
      onRequest: guards.requireTeacher,
      schema: { tags, params, body: UpdateClassBodySchema, response: { 200: TeacherClassSchema } },
    },
    async (request) => classes.update(currentUser(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    { onRequest: guards.requireTeacher, schema: { tags, params, response: { 200: OkSchema } } },
    async (request) => {
      await classes.remove(currentUser(request), request.params.id);
      return ok;
    },
  );
  app.post(
    '/:id/code',
    { onRequest: guards.requireTeacher, schema: { tags, params, response: { 200: TeacherClassSchema } } },
    async (request) => classes.regenerateCode(currentUser(request), request.params.id),
  );
  app.delete(
    '/:id/members/:userId',
    { onRequest: guards.requireTeacher, schema: { tags, params: ClassMemberParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await classes.removeMember(currentUser(request), request.params.id, request.params.userId);
      return ok;
    },
  );
  app.get(
    '/:id/progress',
    { onRequest: guards.requireTeacher, schema: { tags, params, response: { 200: ClassProgressSchema } } },
    async (request) => classes.progress(currentUser(request), request.params.id),
  );
  app.get(
    '/:id/progress.csv',
    {
      onRequest: guards.requireTeacher,
      schema: { tags, params, summary: 'The matrix as CSV, one row per student and challenge', response: { 200: z.string() } },
    },
    async (request, reply) => {
      const progress = await classes.progress(currentUser(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="class-progress.csv"')
        .send(toProgressCsv(progress));
    },
  );
  app.post(
    '/:id/assignments',
    { onRequest: guards.requireTeacher, schema: { tags, params, body: CreateAssignmentBodySchema, response: { 201: OkSchema } } },
    async (request, reply) => {
      await classes.createAssignment(currentUser(request), request.params.id, request.body);
      return reply.status(201).send(ok);
    },
  );
  app.delete(
    '/:id/assignments/:assignmentId',
    { onRequest: guards.requireTeacher, schema: { tags, params: ClassAssignmentParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await classes.removeAssignment(currentUser(request), request.params.id, request.params.assignmentId);
      return ok;
    },
  );
};
