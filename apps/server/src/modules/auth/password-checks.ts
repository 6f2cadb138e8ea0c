import { availableParallelism } from 'node:os';

import { AppError } from '../../lib/app-error.js';
import { createWorkGate, type WorkGate } from '../../lib/work-gate.js';

/**
 * The password hashes and checks of every account route, in turn (docs/decisions/010-abuse-limits.md "Password checks"):
 * as many at once as the machine has cores (each is tens of milliseconds of scrypt in libuv's thread pool), the others
 * waiting up to about ten seconds; past that, 503 AUTH_BUSY with Retry-After, which the sign-in form waits out and sends
 * again by itself.
 */
export function createPasswordChecks({ maxWaitMs = 10_000 }: { maxWaitMs?: number } = {}): WorkGate {
  return createWorkGate({
    concurrency: Math.max(1, availableParallelism()),
    maxWaitMs,
    initialCostMs: 100,
    busy: authBusy,
  });
}

export const authBusy = (retryAfterSeconds: number) =>
  new AppError('AUTH_BUSY', 503, `Many people are signing in at once. Try again in ${retryAfterSeconds} s.`, retryAfterSeconds);
