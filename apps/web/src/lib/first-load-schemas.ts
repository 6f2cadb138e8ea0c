import type { AuthResponse, ErrorBody, PublicStats, SessionResponse, TwoFactorChallenge } from '@drapeau/shared';
import { ROLES } from '@drapeau/shared/constants';

import {
  arrayOf,
  isBoolean,
  isInteger,
  isString,
  lightSchema,
  literal,
  nullable,
  objectOf,
  oneOf,
  optional,
} from './light-schema';

/** Mirrors `PublicUserSchema`. */
const isPublicUser = objectOf({
  uid: isString,
  username: isString,
  email: optional(isString),
  emailVerified: optional(isBoolean),
  rank: oneOf(ROLES),
  score: isInteger,
  solvedChallenges: arrayOf(isString),
  avatarUrl: isString,
  bio: isString,
  badges: arrayOf(isString),
  createdAt: isString,
  ban: optional(nullable(objectOf({ reason: isString, until: nullable(isString) }))),
});

export const SessionResponseSchema = lightSchema<SessionResponse>(objectOf({ user: nullable(isPublicUser) }));
export const AuthResponseSchema = lightSchema<AuthResponse>(objectOf({ user: isPublicUser }));
/** Mirrors `AuthResponseSchema.or(TwoFactorChallengeSchema)`: the sign-in answer, or the second factor's step. */
const isTwoFactorChallenge = objectOf({ twoFactorRequired: literal(true), methods: arrayOf(oneOf(['totp', 'passkey'])) });
export const LoginResponseSchema = lightSchema<AuthResponse | TwoFactorChallenge>(
  (value) => objectOf({ user: isPublicUser })(value) || isTwoFactorChallenge(value),
);
export const OkSchema = lightSchema<{ ok: true }>(objectOf({ ok: literal(true) }));
export const PublicStatsSchema = lightSchema<PublicStats>(
  objectOf({
    challengeCount: isInteger,
    categoryCount: isInteger,
    rankTierCount: isInteger,
    badgeCount: isInteger,
    playerCount: isInteger,
    isEventMode: isBoolean,
  }),
);

/** Mirrors `ErrorBodySchema`, except that a code (an error's, an import problem's) may be any text here. */
export const ErrorBodySchema = lightSchema<ErrorBody>(
  objectOf({
    error: objectOf({
      // Any text: the list of codes stays out of the first page; an unknown one is worded as a generic error.
      code: isString,
      message: isString,
      retryAfterSeconds: optional(isInteger),
      issues: optional(arrayOf(objectOf({ path: isString, message: isString }))),
      problems: optional(
        arrayOf(
          objectOf({
            code: isString,
            file: isString,
            line: nullable(isInteger),
            field: nullable(isString),
            message: isString,
          }),
        ),
      ),
      warnings: optional(arrayOf(objectOf({ file: isString, message: isString }))),
      skipped: optional(arrayOf(objectOf({ file: isString, code: isString, kept: optional(isString), reason: isString }))),
      ban: optional(objectOf({ reason: isString, until: nullable(isString) })),
    }),
  }),
);
