import { z } from 'zod';

import { PASSWORD_MAX, PublicUserSchema, UsernameSchema } from './user.js';

export const EmailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

export const RegisterBodySchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  // The length policy (PASSWORD_MIN) is applied by better-auth, which answers WEAK_PASSWORD.
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** GET /api/auth/session: the signed-in user, or null. */
export const SessionResponseSchema = z.object({ user: PublicUserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** POST /api/auth/register and /api/auth/login answer with the signed-in user (the session cookie is set). */
export const AuthResponseSchema = z.object({ user: PublicUserSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;
