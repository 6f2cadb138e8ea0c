import { jsonSchemaTransform, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { PublicUserSchema, UpdateProfileBodySchema, UserIdParamsSchema } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';
import type { FrozenAtOf } from '../seasons/event.routes.js';

import { AVATAR_BODY_DOCUMENT, readAvatarUpload, registerAvatarBodyParsers } from './avatar-upload.js';
import type { UsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  guards: Guards;
  /** During a freeze, others' profiles are as at the freeze (docs/product.md#freeze). */
  frozenAt?: FrozenAtOf;
}> = async (app, options) => {
  const { users, guards } = options;
  const frozenAt = options.frozenAt ?? (() => null);

  app.patch(
    '/me',
    {
      onRequest: guards.requireUser,
      schema: { tags: ['users'], body: UpdateProfileBodySchema, response: { 200: PublicUserSchema } },
    },
    async (request) => users.updateProfile(currentUser(request), request.body),
  );

  // In its own scope, so that the image and multipart parsers apply to this route only.
  await app.register(async (avatarScope) => {
    await registerAvatarBodyParsers(avatarScope);
    avatarScope.put(
      '/me/avatar',
      {
        onRequest: guards.requireUser,
        schema: { tags: ['users'], response: { 200: PublicUserSchema } },
        config: {
          // The body is an image or a form, read by the handler: only the document shows it (no JSON schema to check).
          swaggerTransform: (input) => {
            const { schema, url } = jsonSchemaTransform(input);
            return { schema: { ...schema, body: AVATAR_BODY_DOCUMENT }, url };
          },
        },
      },
      async (request) => users.updateAvatar(currentUser(request), await readAvatarUpload(request)),
    );
  });

  app.get(
    '/:userId',
    {
      onRequest: guards.requireUser,
      schema: { tags: ['users'], params: UserIdParamsSchema, response: { 200: PublicUserSchema } },
    },
    async (request) => users.getUser(request.params.userId, currentUser(request), frozenAt(request)),
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
