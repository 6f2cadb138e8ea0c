import { ChallengeSummarySchema } from '@drapeau/shared';

import { PrecompressedBody } from '../../../lib/precompressed-body.js';
import type { Challenge } from '../model/challenge.js';
import { type FirstBlood, type PlayerProgress, toPublicChallenge } from '../model/challenge-views.js';

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
/** The key of what a player who has touched nothing of a challenge sees of it (most players, for most challenges). */
const UNTOUCHED = '';
/** Views kept per challenge: one per combination of the player's part seen so far, the oldest dropped past it. */
const MAX_VIEWS_PER_CHALLENGE = 32;
/** Whole answers kept, one per distinct player's part of the whole list (every newcomer shares one): at most this many bytes. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Bit `i` of the mask: `test(items[i])`. Past 30 items, a string of bits. */
function maskOf<T>(items: readonly T[], test: (item: T) => boolean): string | number {
  if (items.length > 30) return items.map((item) => (test(item) ? '1' : '0')).join('');
  let mask = 0;
  for (let i = 0; i < items.length; i++) if (test(items[i]!)) mask |= 1 << i;
  return mask;
}

/**
 * What of `challenge`'s summary is this player's own (docs/performance.md "Catalogue figures"): solved, solved after the
 * freeze (which adds their own solve to the count), the prerequisites solved (the lock). Two players with the same key
 * see the same bytes; UNTOUCHED when the player has touched none of it. Opened hints and attempts are the detail's only.
 */
function ownPartOf(challenge: Challenge, progress: PlayerProgress, frozenAt: number | null): string {
  const solved = progress.solved;
  const solvedNow = solved.has(challenge.id);
  const unlocked = challenge.prerequisites.length === 0 ? 0 : maskOf(challenge.prerequisites, (id) => solved.has(id));
  if (!solvedNow && unlocked === 0) return UNTOUCHED;
  const solvedAt = progress.solvedAt.get(challenge.id);
  const afterFreeze = frozenAt !== null && solvedAt !== undefined && solvedAt > frozenAt;
  return `${solvedNow ? (afterFreeze ? 2 : 1) : 0}.${unlocked}`;
}

interface ChallengeViews {
  /** Each view's JSON by the key of the player's part (ownPartOf), encoded once and shared by every player with that key. */
  byKey: Map<string, Buffer>;
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

/** What one cache generation holds: the views of each challenge, and whole answers by the players' parts. */
interface ListCache {
  challenges: Map<string, ChallengeViews>;
  bodies: Map<string, PrecompressedBody>;
  bodyBytes: number;
  /** The earliest close time among the views kept: the whole answers are good until then. */
  validUntil: number;
}

const emptyCache = (): ListCache => ({
  challenges: new Map(),
  bodies: new Map(),
  bodyBytes: 0,
  validUntil: Number.POSITIVE_INFINITY,
});

/**
 * The players' challenge list as JSON (docs/performance.md "Catalogue figures"): a summary per challenge
 * (ChallengeSummarySchema; the rest is the detail route's), shared bytes plus each player's own part. The catalogue
 * part of a summary (titles, categories, values, solve counts, first bloods, in both languages, live or as at the
 * freeze) is the same for every player; what differs is a few facts of the player's own (ownPartOf). Each distinct combination is encoded once, through the response schema (which keeps only the fields
 * it names, so no flag can pass), and shared by every player with the same combination, until the catalogue, a solve
 * count or the challenge's close time changes it. A request computes its player's key per challenge and joins kept
 * bytes; players whose keys are all alike (every newcomer) share one whole answer, compressed once per encoding
 * (lib/precompressed-body.ts) instead of once per request.
 */
export function createChallengeListJson() {
  let shared = emptyCache();
  const toJson = (challenge: Challenge, context: ListContext, progress: PlayerProgress): Buffer => {
    const view = toPublicChallenge(challenge, {
      progress,
      solveCount: context.solveCounts.get(challenge.id) ?? 0,
      now: context.now,
      catalogue: context.catalogue,
      firstBlood: context.firstBloods.get(challenge.id) ?? null,
      frozenAt: context.frozenAt,
      canStartInstances: context.canStartInstances,
    });
    // The summary is cut from the detail's view, so that a locked challenge hides here what it hides there.
    const summary = ChallengeSummarySchema.parse({ ...view, hasExplanation: view.explanation !== null });
    return Buffer.from(JSON.stringify(summary));
  };

  const viewOf = (cache: ListCache, challenge: Challenge, key: string, context: ListContext, now: number): Buffer => {
    let views = cache.challenges.get(challenge.id);
    if (!views || now >= views.validUntil) {
      const closesAt = challenge.closesAt?.getTime();
      views = {
        byKey: new Map(),
        validUntil: closesAt !== undefined && now < closesAt ? closesAt : Number.POSITIVE_INFINITY,
      };
      cache.challenges.set(challenge.id, views);
      cache.validUntil = Math.min(cache.validUntil, views.validUntil);
    }
    let json = views.byKey.get(key);
    if (!json) {
      json = toJson(challenge, context, key === UNTOUCHED ? NO_PROGRESS : context.progress);
      if (views.byKey.size >= MAX_VIEWS_PER_CHALLENGE) views.byKey.delete(views.byKey.keys().next().value!);
      views.byKey.set(key, json);
    }
    return json;
  };

  return {
    /**
     * The cache to render with: taken before the caller awaits the catalogue and the counts, so that a render from
     * inputs read before an invalidation writes to the discarded cache, never to the new one.
     */
    current(): ListCache {
      return shared;
    },
    /** The catalogue or a solve count changed. */
    invalidate(): void {
      shared = emptyCache();
    },
    render(cache: ListCache, listed: readonly Challenge[], context: ListContext): PrecompressedBody {
      const now = context.now.getTime();
      if (now >= cache.validUntil) {
        // A challenge closed: its views change, and every whole answer holding it.
        cache.bodies.clear();
        cache.bodyBytes = 0;
        cache.validUntil = Number.POSITIVE_INFINITY;
        for (const views of cache.challenges.values()) cache.validUntil = Math.min(cache.validUntil, views.validUntil);
      }
      const frozenAt = context.frozenAt?.getTime() ?? null;
      const keys = listed.map((c) => ownPartOf(c, context.progress, frozenAt));
      // Which challenges are listed is part of the answer's identity too: within one catalogue (one cache) the list only
      // grows, as challenges reach their open time, so its length names it.
      const signature = `${listed.length}:${keys.join(',')}`;
      const kept = cache.bodies.get(signature);
      if (kept) return kept;
      const body: Buffer[] = [OPEN];
      listed.forEach((challenge, i) => {
        if (i > 0) body.push(COMMA);
        body.push(viewOf(cache, challenge, keys[i]!, context, now));
      });
      body.push(CLOSE);
      const answer = new PrecompressedBody(Buffer.concat(body));
      // Its compressed copies, made when asked, are a fraction of it: counted as the identity bytes.
      if (cache.bodyBytes + answer.identity.length > MAX_BODY_BYTES) {
        cache.bodies.clear();
        cache.bodyBytes = 0;
      }
      cache.bodies.set(signature, answer);
      cache.bodyBytes += answer.identity.length;
      return answer;
    },
  };
}
