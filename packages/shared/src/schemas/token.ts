import { z } from 'zod';

import { PageInfoSchema, PageNumberSchema } from './common.js';

/** Every API token starts with this, so that a leaked one is easy to recognise (and to search for in code). */
export const API_TOKEN_PREFIX = 'drp_';
export const API_TOKEN_NAME_MAX = 64;
export const API_TOKEN_MAX_DAYS = 365;
/** Tokens a user may hold at once (expired ones included until revoked). */
export const API_TOKENS_PER_USER = 20;

/** POST /api/tokens: a name to tell it apart, and how many days it lives. */
export const CreateApiTokenBodySchema = z
  .object({
    name: z.string().trim().min(1).max(API_TOKEN_NAME_MAX),
    expiresInDays: z.number().int().min(1).max(API_TOKEN_MAX_DAYS),
  })
  .strict();
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBodySchema>;

/** A token as listed: never the token itself, only a hint of its last characters. */
export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  hint: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** The answer to its creation, the only time the token is shown. */
export const CreatedApiTokenSchema = ApiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

export const ApiTokenListSchema = z.object({ tokens: z.array(ApiTokenSchema) });
export type ApiTokenList = z.infer<typeof ApiTokenListSchema>;

export const ApiTokenParamsSchema = z.object({ tokenId: z.string().min(1).max(64) });

/** GET /api/admin/tokens: every user's tokens, newest first, optionally one user's. */
export const AdminApiTokenSchema = ApiTokenSchema.extend({ userId: z.string(), username: z.string() });
export type AdminApiToken = z.infer<typeof AdminApiTokenSchema>;
export const AdminApiTokenQuerySchema = z.object({
  page: PageNumberSchema,
  userId: z.string().min(1).max(64).optional(),
});
export const AdminApiTokenPageSchema = z.object({
  tokens: z.array(AdminApiTokenSchema),
  ...PageInfoSchema.shape,
});
export type AdminApiTokenPage = z.infer<typeof AdminApiTokenPageSchema>;
