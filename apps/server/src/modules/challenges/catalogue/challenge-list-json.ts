import { SharedChallengeSummarySchema } from '@drapeau/shared';

import { PrefixedBody, SharedPrefix } from '../../../lib/prefixed-body.js';
import type { Challenge } from '../model/challenge.js';
import { type FirstBlood, type PlayerProgress, toPublicChallenge } from '../model/challenge-views.js';

const NO_PROGRESS: PlayerProgress = {
  teamId: null,
  solved: new Set(),
  solvedAt: new Map(),
  openedHints: new Set(),
  wrongAttempts: new Map(),
};
/** The key of the shared view: what a player who has solved none of a challenge's prerequisites sees (a newcomer). */
const SHARED = '';
/** Views kept per challenge: the shared one, and one per combination of the player's part seen so far, oldest dropped. */
const MAX_VIEWS_PER_CHALLENGE = 32;

/** Bit `i` of the mask: `test(items[i])`. Past 30 items, a string of bits. */
function maskOf<T>(items: readonly T[], test: (item: T) => boolean): string | number {
  if (items.length > 30) return items.map((item) => (test(item) ? '1' : '0')).join('');
  let mask = 0;
  for (let i = 0; i < items.length; i++) if (test(items[i]!)) mask |= 1 << i;
  return mask;
}

/**
 * Why this player's view of a challenge differs from the shared one, as a key: the prerequisites they solved (the lock),
 * and their own solve after the freeze (which adds one to the count they see, and so changes the value). Being solved
 * is not in it: the overlay lists the solved ids and the web app merges them (mergeChallengeList).
 */
function ownKeyOf(challenge: Challenge, progress: PlayerProgress, afterFreeze: boolean): string {
  const unlocked = challenge.prerequisites.length === 0 ? 0 : maskOf(challenge.prerequisites, (id) => progress.solved.has(id));
  return !afterFreeze && unlocked === 0 ? SHARED : `${afterFreeze ? 1 : 0}.${unlocked}`;
}

interface ChallengeViews {
  /** Each view's JSON by its key (ownKeyOf), encoded once and shared by every player with that key. */
  byKey: Map<string, string>;
  /** The views change at the challenge's close time (`isClosed`). */
  validUntil: number;
}

export type ListContext = {
  progress: PlayerProgress;
  canStartInstances: boolean;
  solveCounts: ReadonlyMap<string, number>;
  firstBloods: ReadonlyMap<string, FirstBlood>;
  /** The freeze the counts are cut at, or null for the live state (docs/product.md#freeze). */
  frozenAt: Date | null;
  now: Date;
  catalogue: ReadonlyMap<string, Challenge>;
};

/** What one cache generation holds: the views of each challenge, and the shared part of the answer. */
interface ListCache {
  challenges: Map<string, ChallengeViews>;
  /** Within one generation the list only grows (challenges reach their open time): its length names it. */
  shared?: { listed: number; validUntil: number; prefix: SharedPrefix };
}

/**
 * The players' challenge list as JSON (docs/performance.md "Catalogue figures"), in one answer:
 * `{"challenges":[shared summaries],"own":{the player's facts}}` (ChallengeListSchema). The shared part is every
 * listed challenge as a newcomer sees it (titles, categories, values, solve counts, first bloods, in both languages,
 * live or as at the freeze; a challenge with prerequisites locked): the same bytes for every player, built once per
 * generation (until the catalogue, a solve count or a close time changes) and deflated once (lib/prefixed-body.ts).
 * The player's own part is small and built per request: the ids they solved, those solved after the freeze, and their
 * view of each challenge whose lock or count differs for them (kept per challenge and key, shared by every player with
 * the same key). Every view goes through the response schema, which keeps only the fields it names: no flag can pass.
 */
export function createChallengeListJson() {
  let current: ListCache = { challenges: new Map() };

  const toJson = (challenge: Challenge, context: ListContext, progress: PlayerProgress): string => {
    const view = toPublicChallenge(challenge, {
      progress,
      solveCount: context.solveCounts.get(challenge.id) ?? 0,
      now: context.now,
      catalogue: context.catalogue,
      firstBlood: context.firstBloods.get(challenge.id) ?? null,
      frozenAt: context.frozenAt,
      canStartInstances: context.canStartInstances,
    });
    // Cut from the detail's view, so that a locked challenge hides here what it hides there. Whether it has an
    // explanation is the challenge's: the merge says it only once solved.
    return JSON.stringify(SharedChallengeSummarySchema.parse({ ...view, hasExplanation: challenge.explanation.en !== '' }));
  };

  const viewsOf = (cache: ListCache, challenge: Challenge, now: number): ChallengeViews => {
    let views = cache.challenges.get(challenge.id);
    if (!views || now >= views.validUntil) {
      const closesAt = challenge.closesAt?.getTime();
      views = {
        byKey: new Map(),
        validUntil: closesAt !== undefined && now < closesAt ? closesAt : Number.POSITIVE_INFINITY,
      };
      cache.challenges.set(challenge.id, views);
    }
    return views;
  };

  const viewOf = (views: ChallengeViews, challenge: Challenge, key: string, context: ListContext): string => {
    let json = views.byKey.get(key);
    if (json === undefined) {
      json = toJson(challenge, context, key === SHARED ? NO_PROGRESS : context.progress);
      if (views.byKey.size >= MAX_VIEWS_PER_CHALLENGE) {
        // The oldest view other than the shared one, which every answer needs.
        for (const kept of views.byKey.keys())
          if (kept !== SHARED) {
            views.byKey.delete(kept);
            break;
          }
      }
      views.byKey.set(key, json);
    }
    return json;
  };

  const sharedPrefixOf = (cache: ListCache, listed: readonly Challenge[], context: ListContext, now: number): SharedPrefix => {
    const kept = cache.shared;
    if (kept && kept.listed === listed.length && now < kept.validUntil) return kept.prefix;
    let validUntil = Number.POSITIVE_INFINITY;
    const views = listed.map((challenge) => {
      const ofChallenge = viewsOf(cache, challenge, now);
      validUntil = Math.min(validUntil, ofChallenge.validUntil);
      return viewOf(ofChallenge, challenge, SHARED, context);
    });
    const prefix = new SharedPrefix(Buffer.from(`{"challenges":[${views.join(',')}],"own":`));
    cache.shared = { listed: listed.length, validUntil, prefix };
    return prefix;
  };

  return {
    /**
     * The cache to render with: taken before the caller awaits the catalogue and the counts, so that a render from
     * inputs read before an invalidation writes to the discarded cache, never to the new one.
     */
    current(): ListCache {
      return current;
    },
    /** The catalogue or a solve count changed. */
    invalidate(): void {
      current = { challenges: new Map() };
    },
    render(cache: ListCache, listed: readonly Challenge[], context: ListContext): PrefixedBody {
      const now = context.now.getTime();
      const prefix = sharedPrefixOf(cache, listed, context, now);
      const { progress } = context;
      const frozenAt = context.frozenAt?.getTime() ?? null;
      const solved: string[] = [];
      const solvedAfterFreeze: string[] = [];
      const own: string[] = [];
      for (const challenge of listed) {
        let afterFreeze = false;
        if (progress.solved.has(challenge.id)) {
          solved.push(challenge.id);
          const solvedAt = progress.solvedAt.get(challenge.id);
          afterFreeze = frozenAt !== null && solvedAt !== undefined && solvedAt > frozenAt;
          if (afterFreeze) solvedAfterFreeze.push(challenge.id);
        } else if (challenge.prerequisites.length === 0) continue;
        const key = ownKeyOf(challenge, progress, afterFreeze);
        if (key !== SHARED) own.push(viewOf(viewsOf(cache, challenge, now), challenge, key, context));
      }
      const tail = `{"solved":${JSON.stringify(solved)},"solvedAfterFreeze":${JSON.stringify(solvedAfterFreeze)},"challenges":[${own.join(',')}]}}`;
      return new PrefixedBody(prefix, Buffer.from(tail));
    },
  };
}
