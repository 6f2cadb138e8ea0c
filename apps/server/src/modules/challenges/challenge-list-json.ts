import { PublicChallengeSchema } from '@drapeau/shared';

import type { Challenge } from './challenge.js';
import { type FirstBlood, type PlayerProgress, toPublicChallenge } from './challenge-views.js';

const OPEN = Buffer.from('{"challenges":[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');
const NO_PROGRESS: PlayerProgress = {
  teamId: null,
  solved: new Set(),
  solvedAt: new Map(),
  openedHints: new Set(),
  wrongAttempts: new Map(),
};

/** Whether `progress` changes what this player sees of `challenge`: if not, they see what every newcomer sees. */
function isTouched(challenge: Challenge, progress: PlayerProgress): boolean {
  return (
    progress.solved.has(challenge.id) ||
    challenge.prerequisites.some((id) => progress.solved.has(id)) ||
    challenge.hints.some((h) => progress.openedHints.has(h.id)) ||
    (challenge.maxAttempts !== null && progress.wrongAttempts.has(challenge.id))
  );
}

interface Fragment {
  /** The view's JSON, encoded once: a request copies bytes instead of encoding 200 KB of text. */
  json: Buffer;
  /** The view changes at the challenge's close time (`isClosed`). */
  validUntil: number;
}

export type ListContext = {
  progress: PlayerProgress;
  solveCounts: ReadonlyMap<string, number>;
  firstBloods: ReadonlyMap<string, FirstBlood>;
  /** The freeze the counts are cut at, or null for the live state (docs/product.md#freeze). */
  frozenAt: Date | null;
  now: Date;
  catalogue: ReadonlyMap<string, Challenge>;
};

/**
 * The players' challenge list as JSON (docs/performance.md): most players have touched few challenges, so the view of
 * an untouched one is the same for all of them and its JSON is built once, until the catalogue, its solve count or its
 * close time changes it. Every view goes through the response schema, which keeps only the fields it names (no flag can
 * pass); only the challenges a player has touched (solved, hint opened, attempts counted, prerequisite solved) are built
 * for that player on each request.
 */
export function createChallengeListJson() {
  let shared = new Map<string, Fragment>();
  const toJson = (challenge: Challenge, context: ListContext, progress: PlayerProgress): Buffer =>
    Buffer.from(
      JSON.stringify(
        PublicChallengeSchema.parse(
          toPublicChallenge(challenge, {
            progress,
            solveCount: context.solveCounts.get(challenge.id) ?? 0,
            now: context.now,
            catalogue: context.catalogue,
            firstBlood: context.firstBloods.get(challenge.id) ?? null,
            frozenAt: context.frozenAt,
          }),
        ),
      ),
    );

  return {
    /**
     * The cache to render with: taken before the caller awaits the catalogue and the counts, so that a render from
     * inputs read before an invalidation writes to the discarded cache, never to the new one.
     */
    current(): Map<string, Fragment> {
      return shared;
    },
    /** The catalogue or a solve count changed. */
    invalidate(): void {
      shared = new Map();
    },
    render(cache: Map<string, Fragment>, listed: readonly Challenge[], context: ListContext): Buffer {
      const now = context.now.getTime();
      const body: Buffer[] = [OPEN];
      for (const challenge of listed) {
        if (body.length > 1) body.push(COMMA);
        if (isTouched(challenge, context.progress)) {
          body.push(toJson(challenge, context, context.progress));
          continue;
        }
        let fragment = cache.get(challenge.id);
        if (!fragment || now >= fragment.validUntil) {
          const closesAt = challenge.closesAt?.getTime();
          fragment = {
            json: toJson(challenge, context, NO_PROGRESS),
            validUntil: closesAt !== undefined && now < closesAt ? closesAt : Number.POSITIVE_INFINITY,
          };
          cache.set(challenge.id, fragment);
        }
        body.push(fragment.json);
      }
      body.push(CLOSE);
      return Buffer.concat(body);
    },
  };
}
