import { describe, expect, it } from 'vitest';

import * as shared from '@drapeau/shared';

import { buildUser } from '@/testing/factories';

import * as light from './first-load-schemas';

const user = buildUser();
const { ban: _ban, ...userWithoutBan } = user;

/** Bodies each pair of schemas must both accept or both refuse. */
const cases: Record<
  'SessionResponseSchema' | 'AuthResponseSchema' | 'OkSchema' | 'PublicStatsSchema' | 'ErrorBodySchema',
  unknown[]
> = {
  SessionResponseSchema: [
    { user },
    { user: null },
    { user: userWithoutBan },
    { user: { ...user, ban: { reason: 'spam', until: null } } },
    { user: { ...user, score: 1.5 } },
    { user: { ...user, rank: 'root' } },
    { user: { ...user, badges: [1] } },
    {},
    null,
  ],
  AuthResponseSchema: [{ user }, { user: null }, { user: { ...user, uid: 7 } }, 'ok'],
  OkSchema: [{ ok: true }, { ok: false }, {}],
  PublicStatsSchema: [
    { challengeCount: 20, categoryCount: 6, rankTierCount: 5, badgeCount: 8, playerCount: 3, isEventMode: false },
    { challengeCount: 20, categoryCount: 6, rankTierCount: 5, badgeCount: 8, playerCount: 3, isEventMode: true },
    { challengeCount: 20, categoryCount: 6, rankTierCount: 5, badgeCount: 8, playerCount: 3 },
    { challengeCount: 20, categoryCount: 6, rankTierCount: 5, badgeCount: 8, playerCount: 3, isEventMode: 'yes' },
    { challengeCount: 20, categoryCount: 6, rankTierCount: 5, badgeCount: 8, isEventMode: false },
    { challengeCount: '20', categoryCount: 6, rankTierCount: 5, badgeCount: 8, playerCount: 3, isEventMode: false },
  ],
  ErrorBodySchema: [
    { error: { code: 'RATE_LIMITED', message: 'slow down', retryAfterSeconds: 30 } },
    { error: { code: 'VALIDATION_FAILED', message: 'bad', issues: [{ path: 'email', message: 'Invalid' }] } },
    { error: { code: 'USER_BANNED', message: 'banned', ban: { reason: 'cheating', until: null } } },
    { error: { code: 'INTERNAL' } },
    { message: 'Bad Gateway' },
  ],
};

describe('the first page’s response checks', () => {
  it('accept an error code they do not know (the list stays out of the first page), as text only', () => {
    expect(light.ErrorBodySchema.safeParse({ error: { code: 'NOT_A_CODE', message: 'x' } }).success).toBe(true);
    expect(light.ErrorBodySchema.safeParse({ error: { code: 7, message: 'x' } }).success).toBe(false);
  });

  it('accept and refuse the sign-in answers as the shared user or second-factor step does', () => {
    const sharedLogin = shared.AuthResponseSchema.or(shared.TwoFactorChallengeSchema);
    for (const body of [
      { user },
      { twoFactorRequired: true, methods: ['totp'] },
      { twoFactorRequired: true, methods: ['passkey', 'totp'] },
      { twoFactorRequired: true, methods: ['sms'] },
      { twoFactorRequired: true },
      { twoFactorRequired: false, methods: [] },
      { user: null },
      {},
    ]) {
      expect(light.LoginResponseSchema.safeParse(body).success, JSON.stringify(body)).toBe(sharedLogin.safeParse(body).success);
    }
  });

  it.each(Object.entries(cases))('accept and refuse what the shared %s does', (name, bodies) => {
    const key = name as keyof typeof cases;
    for (const body of bodies) {
      const expected = shared[key].safeParse(body).success;
      expect(light[key].safeParse(body).success, JSON.stringify(body)).toBe(expected);
    }
  });
});
