import { describe, expect, it, vi } from 'vitest';

import { createWorkGate } from '../../lib/work-gate.js';

import { createAuthService } from './auth.service.js';
import type { BetterAuth } from './better-auth.js';
import { authBusy } from './password-checks.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { UserAccounts } from './user-accounts.js';

describe('a sign-in or sign-up the password checks would refuse', () => {
  // docs/decisions/010-abuse-limits.md "Password checks": at an event's start most sign-ins are refused and sent again; a
  // refusal that read the account first would cost the database two queries each time.
  it('is refused with AUTH_BUSY before the account or the username is read', async () => {
    const gate = createWorkGate({ concurrency: 1, maxWaitMs: 0, initialCostMs: 1_000, busy: authBusy });
    let release = () => {};
    const held = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    const signInEmail = vi.fn();
    const signUpEmail = vi.fn();
    const isUsernameTaken = vi.fn(async () => false);
    const service = createAuthService({
      auth: { $context: new Promise(() => {}), api: { signInEmail, signUpEmail } } as unknown as BetterAuth,
      users: { isUsernameTaken } as unknown as UserAccounts,
      sessions: {} as SessionsRepository,
      publishSessionsRevoked: async () => {},
      passwordChecks: gate,
    });
    const busy = { code: 'AUTH_BUSY', statusCode: 503, retryAfterSeconds: 1 };
    await expect(service.login({ email: 'player@example.com', password: 'a-password-1' }, new Headers())).rejects.toMatchObject(
      busy,
    );
    await expect(
      service.register({ username: 'player', email: 'player@example.com', password: 'a-password-1' }, new Headers()),
    ).rejects.toMatchObject(busy);
    expect(signInEmail).not.toHaveBeenCalled();
    expect(signUpEmail).not.toHaveBeenCalled();
    expect(isUsernameTaken).not.toHaveBeenCalled();
    release();
    await held;
  });
});
