import { z } from 'zod';

import { PageInfoSchema, PageNumberSchema } from './common.js';

/** Every API token starts with this, so that a leaked one is easy to recognise (and to search for in code). */
export const API_TOKEN_PREFIX = 'drp_';
export const API_TOKEN_NAME_MAX = 64;
export const API_TOKEN_MAX_DAYS = 365;
/** An admin token lives at most this long (docs/decisions/012-accounts.md#api-tokens). */
export const ADMIN_API_TOKEN_MAX_DAYS = 30;
/** Tokens a user may hold at once (expired ones included until revoked). */
export const API_TOKENS_PER_USER = 20;

/**
 * What a token may do (docs/decisions/012-accounts.md#api-tokens): `player` acts as a player whatever its owner's role
 * (the default); `teacher` acts as a teacher while its owner is one, and only a teacher creates one; `admin` acts as an
 * admin while its owner is one, and only an admin with TOTP creates one, with a current code, for at most
 * ADMIN_API_TOKEN_MAX_DAYS. Whenever the owner's role is not the scope's, the token acts as a player.
 */
const ApiTokenScopeSchema = z.enum(['player', 'teacher', 'admin']);
export type ApiTokenScope = z.infer<typeof ApiTokenScopeSchema>;

/** POST /api/tokens: a name to tell it apart, how many days it lives, its scope and, for `admin`, a code from the app. */
export const CreateApiTokenBodySchema = z
  .object({
    name: z.string().trim().min(1).max(API_TOKEN_NAME_MAX),
    expiresInDays: z.number().int().min(1).max(API_TOKEN_MAX_DAYS),
    scope: ApiTokenScopeSchema.default('player'),
    totpCode: z
      .string()
      .trim()
      .regex(/^\d{6}$/)
      .optional(),
  })
  .strict()
  .refine((body) => body.scope !== 'admin' || body.expiresInDays <= ADMIN_API_TOKEN_MAX_DAYS, {
    path: ['expiresInDays'],
    message: `An admin token lives at most ${ADMIN_API_TOKEN_MAX_DAYS} days.`,
  });
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBodySchema>;

/** A token as listed: never the token itself, only a hint of its last characters. */
const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  hint: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  scope: ApiTokenScopeSchema,
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** The answer to its creation, the only time the token is shown. */
export const CreatedApiTokenSchema = ApiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

export const ApiTokenListSchema = z.object({ tokens: z.array(ApiTokenSchema) });
export type ApiTokenList = z.infer<typeof ApiTokenListSchema>;

export const ApiTokenParamsSchema = z.object({ tokenId: z.string().min(1).max(64) });

/** GET /api/admin/tokens: every user's tokens, newest first, optionally one user's. */
const AdminApiTokenSchema = ApiTokenSchema.extend({ userId: z.string(), username: z.string() });
export const AdminApiTokenQuerySchema = z.object({
  page: PageNumberSchema,
  userId: z.string().min(1).max(64).optional(),
});
export const AdminApiTokenPageSchema = z.object({
  tokens: z.array(AdminApiTokenSchema),
  ...PageInfoSchema.shape,
});
export type AdminApiTokenPage = z.infer<typeof AdminApiTokenPageSchema>;
