import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document of every route, built from the routes' zod schemas (served at GET /api/openapi.json). */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Drapeau API', version: '0.1.0', description: 'Capture-the-flag training platform' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'drapeau.session_token' },
          // Personal API tokens (docs/decisions/012-accounts.md#api-tokens): scripts send `Authorization: Bearer drp_…`.
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal API token (`drp_…`), created on the account page. It cannot manage the account.',
          },
        },
      },
      // Either one; routes that need no sign-in ignore both, and account routes accept the session only.
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
}
