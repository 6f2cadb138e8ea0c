// A player's own view during a freeze (docs/product.md#freeze): their solves and score at the freeze's values, computed
// from the same facts and rules as every board (ledger.ts).
import {
  adjustmentOwner,
  countSolves,
  firstBloods,
  hintKey,
  type LedgerFacts,
  type LedgerSolve,
  solvePoints,
  solvesIn,
  standingOf,
  type StandingKind,
  sumHintCosts,
} from './ledger.js';

/**
 * What the others' solves make of each challenge at a freeze (docs/product.md#freeze): its solve count and first blood
 * up to the freeze time, and each owner's hint costs. The same for every player: computed once per freeze and change of
 * the facts (scoring.service.ts), not per request.
 */
export interface FrozenValues {
  counts: ReadonlyMap<string, number>;
  first: ReadonlyMap<string, LedgerSolve>;
  costs: ReadonlyMap<string, number>;
}

export function frozenValuesOf(facts: LedgerFacts, frozenAt: number): FrozenValues {
  const frozen = solvesIn(facts.solves, { until: frozenAt });
  return { counts: countSolves(frozen), first: firstBloods(frozen), costs: sumHintCosts(facts.hints) };
}

/** Every player's (or team's) solves, by owner: one pass, so that a player's own solves are found without one. */
export function solvesByOwner(facts: LedgerFacts, kind: StandingKind): ReadonlyMap<string, readonly LedgerSolve[]> {
  const byOwner = new Map<string, LedgerSolve[]>();
  for (const solve of facts.solves) {
    const owner = standingOf(solve, kind);
    const list = byOwner.get(owner);
    if (list) list.push(solve);
    else byOwner.set(owner, [solve]);
  }
  return byOwner;
}

/**
 * A player's own solves as they see them during a freeze (docs/product.md#freeze): at the values of the freeze, a solve
 * of theirs after it counted as one more solve of its challenge and without the first-blood bonus (they are not told
 * whether they were first), nothing of the others' later solves. `ownerId` is a player's id (their own solves) or, with
 * kind 'teams', their team's (a team's page seen by its members). `shared`: the freeze's values and the solves by owner,
 * when the caller keeps them between requests.
 */
export function ownSolvesAt(
  facts: LedgerFacts,
  kind: StandingKind,
  ownerId: string,
  frozenAt: number,
  shared?: { values: FrozenValues; byOwner: ReadonlyMap<string, readonly LedgerSolve[]> },
): { solve: LedgerSolve; points: number }[] {
  const { counts, first, costs } = shared?.values ?? frozenValuesOf(facts, frozenAt);
  const own = shared ? (shared.byOwner.get(ownerId) ?? []) : facts.solves.filter((solve) => standingOf(solve, kind) === ownerId);
  return own.map((solve) => {
    const isLater = solve.solvedAt > frozenAt;
    const points = solvePoints({
      scoring: facts.scoring.get(solve.challengeId),
      solveCount: (counts.get(solve.challengeId) ?? 0) + (isLater ? 1 : 0),
      hintCosts: costs.get(hintKey(solve, solve.challengeId)) ?? 0,
      isFirstBlood: !isLater && first.get(solve.challengeId)?.id === solve.id,
      firstBloodBonus: facts.firstBloodBonus,
    });
    return { solve, points };
  });
}

/** A player's (or a team's) own score as they see it during a freeze: ownSolvesAt, plus the adjustments, whatever their time. */
export function ownScoreAt(
  facts: LedgerFacts,
  kind: StandingKind,
  ownerId: string,
  frozenAt: number,
  shared?: Parameters<typeof ownSolvesAt>[4],
): number {
  let score = 0;
  for (const { points } of ownSolvesAt(facts, kind, ownerId, frozenAt, shared)) score += points;
  for (const adjustment of facts.adjustments) {
    if (adjustmentOwner(adjustment, kind) === ownerId) score += adjustment.delta;
  }
  return score;
}
