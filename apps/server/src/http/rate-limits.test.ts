import { describe, expect, expectTypeOf, it } from 'vitest';

import { loadConfig } from '../config.js';

import {
  addressLimit,
  RATE_LIMITS,
  resolveRateLimits,
  type AddressRateLimitName,
  type LimiterFor,
  type RateLimitName,
  type UserRateLimitName,
} from './rate-limits.js';

const MIN = 60_000;

describe('the rate-limit registry', () => {
  it('holds every limit with its documented default (docs/decisions/010-abuse-limits.md#rate-limits)', () => {
    const defaults: Record<RateLimitName, [points: number, windowMs: number]> = {
      'wrong-flag': [10, MIN],
      lab: [30, MIN],
      login: [10, MIN],
      'password-change': [10, MIN],
      mail: [3, 60 * MIN],
      'two-factor': [10, 10 * MIN],
      'totp-used': [1, 3 * MIN],
      'api-token': [10, 60 * MIN],
      'team-join': [10, 10 * MIN],
      'class-join': [10, 10 * MIN],
      'write-up': [20, 10 * MIN],
      profile: [20, 10 * MIN],
      avatar: [5, 10 * MIN],
      'auth-address': [60, MIN],
      'mail-address': [30, 60 * MIN],
      'class-join-address': [120, MIN],
      'not-found': [100, MIN],
    };
    const limits = resolveRateLimits(loadConfig({}));
    expect(Object.fromEntries(Object.entries(limits).map(([name, l]) => [name, [l.points, l.windowMs]]))).toEqual(defaults);
  });

  it('takes the configurable limits from their variables', () => {
    const limits = resolveRateLimits(
      loadConfig({
        SUBMISSION_RATE_LIMIT: '4',
        LAB_RATE_LIMIT: '5',
        AUTH_IP_RATE_LIMIT: '6',
        AUTH_ACCOUNT_RATE_LIMIT: '7',
        MAIL_RATE_LIMIT: '2',
      }),
    );
    expect(limits['wrong-flag'].points).toBe(4);
    expect(limits.lab.points).toBe(5);
    expect(addressLimit(limits, 'auth-address')).toEqual({ max: 6, timeWindow: MIN });
    expect(limits.login.points).toBe(7);
    expect(limits['password-change'].points).toBe(7);
    expect(limits.mail.points).toBe(2);
    expect(addressLimit(limits, 'mail-address')).toEqual({ max: 20, timeWindow: 60 * MIN });
  });

  it('admits only listed names, each to the library that counts it (checked by tsc)', () => {
    expectTypeOf<Parameters<LimiterFor>[0]>().toEqualTypeOf<UserRateLimitName>();
    expectTypeOf<UserRateLimitName>().toEqualTypeOf<
      | 'wrong-flag'
      | 'lab'
      | 'login'
      | 'password-change'
      | 'mail'
      | 'two-factor'
      | 'totp-used'
      | 'api-token'
      | 'team-join'
      | 'class-join'
      | 'write-up'
      | 'profile'
      | 'avatar'
    >();
    expectTypeOf<AddressRateLimitName>().toEqualTypeOf<'auth-address' | 'mail-address' | 'class-join-address' | 'not-found'>();
    // @ts-expect-error a name the registry does not list
    const unlisted: Parameters<LimiterFor>[0] = 'unlisted';
    // @ts-expect-error a per-address limit is not a per-user counter
    const perAddress: Parameters<LimiterFor>[0] = 'auth-address';
    const limits = resolveRateLimits(loadConfig({}));
    // @ts-expect-error a per-user counter is not a route option
    expect(addressLimit(limits, 'login')).toEqual({ max: 10, timeWindow: MIN });
    expect([unlisted, perAddress]).toHaveLength(2);
    for (const entry of Object.values(RATE_LIMITS)) expect(entry.usedBy).not.toBe('');
  });
});
