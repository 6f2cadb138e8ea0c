import { forbidden, notFound } from '../../../lib/app-error.js';
import type { Challenge } from '../model/challenge.js';
import { isClosed, isListed, type PlayerProgress } from '../model/challenge-views.js';

/**
 * The one access rule for what a challenge reveals or judges (its flag, hints, files and in-page exercise;
 * docs/product.md#challenge-detail): a hidden challenge, or one not open yet, is not there (404 CHALLENGE_NOT_FOUND); a
 * locked one waits for its prerequisites (403 CHALLENGE_LOCKED); a closed one gives nothing more (403 CHALLENGE_CLOSED).
 * The event's phase is the routes' own check (event.routes.ts), before this one.
 */
export function assertPlayable(challenge: Challenge, progress: PlayerProgress, now: Date): void {
  if (!isListed(challenge, now)) throw notFound('CHALLENGE_NOT_FOUND', 'Challenge not found.');
  if (challenge.prerequisites.some((id) => !progress.solved.has(id)))
    throw forbidden('CHALLENGE_LOCKED', 'Solve the prerequisites first.');
  if (isClosed(challenge, now)) throw forbidden('CHALLENGE_CLOSED', 'This challenge is closed.');
}
