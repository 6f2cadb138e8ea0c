import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AVATAR_MAX_BYTES, PublicUserSchema, UpdateProfileBodySchema, UserIdParamsSchema } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';
import { badRequest } from '../../lib/app-error.js';

import type { UsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; guards: Guards }> = async (app, options) => {
  const { users, guards } = options;

  // Avatars are uploaded as the raw image body (the client has already scaled it); the server checks it again.
  app.addContentTypeParser(/^image\/[a-z0-9.+-]+$/, { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.patch(
    '/me',
    {
      onRequest: guards.requireUser,
      schema: { tags: ['users'], body: UpdateProfileBodySchema, response: { 200: PublicUserSchema } },
    },
    async (request) => users.updateProfile(currentUser(request), request.body),
  );

  app.put(
    '/me/avatar',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['users'],
        description: 'The avatar image as the raw body (Content-Type image/*), at most 5 MB.',
        response: { 200: PublicUserSchema },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw badRequest('INVALID_IMAGE', 'Send the image as the body, with an image/* Content-Type.');
      return users.updateAvatar(currentUser(request), request.body);
    },
  );

  app.get(
    '/:userId',
    {
      onRequest: guards.requireUser,
      schema: { tags: ['users'], params: UserIdParamsSchema, response: { 200: PublicUserSchema } },
    },
    async (request) => users.getUser(request.params.userId, currentUser(request)),
  );

  app.get(
    '/:userId/avatar',
    { schema: { tags: ['users'], params: UserIdParamsSchema, description: 'Public: the JPEG avatar.' } },
    async (request, reply) => {
      const data = await users.readAvatar(request.params.userId);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(data);
    },
  );
};
