import { z } from 'zod';

import { ROLES, USERNAME_MAX, USERNAME_MIN, BIO_MAX } from '../constants.js';

export { USERNAME_MIN, USERNAME_MAX, PASSWORD_MIN, PASSWORD_MAX } from '../constants.js';
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Letters, digits, dot, underscore and hyphen; unique case-insensitively (docs/product.md#users). */
export const UsernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN)
  .max(USERNAME_MAX)
  .regex(/^[A-Za-z0-9._-]+$/);

export const BioSchema = z.string().max(BIO_MAX);

/**
 * The user, as the API shows it (docs/product.md#users). `email` is present only for its owner and for admins.
 * `rank` is the stored role (user | admin); the tier (Beginner…Legend) is derived from the score.
 */
export const PublicUserSchema = z.object({
  uid: z.string(),
  username: z.string(),
  email: z.string().optional(),
  /** Owner and admins only: whether the address was confirmed by a link sent to it. */
  emailVerified: z.boolean().optional(),
  rank: RoleSchema,
  score: z.number().int(),
  solvedChallenges: z.array(z.string()),
  avatarUrl: z.string(),
  bio: z.string(),
  badges: z.array(z.string()),
  /** One's own profile during a freeze: the solves made after it (docs/product.md#freeze), not shown to others yet. */
  solvedAfterFreeze: z.array(z.string()).optional(),
  /** The challenges this player solved first (first blood, docs/product.md#first-blood). */
  firstBloods: z.array(z.string()).optional(),
  createdAt: z.string(),
  /** Admins only: a suspended account, its reason and its end (null = until restored). */
  ban: z.object({ reason: z.string(), until: z.string().nullable() }).nullable().optional(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

export const UserIdParamsSchema = z.object({ userId: z.string().min(1).max(64) });
