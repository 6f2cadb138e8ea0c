import type { Scoring } from '@drapeau/shared';

/**
 * The scoring ledger's rules as pure functions of facts (docs/decisions/007-scoring.md, docs/product.md#scoring): no
 * score is stored, every score is derived from the solves, the hints opened, the challenges' scoring parameters, the
 * first-blood bonus and the admins' adjustments. The scoring service keeps the same numbers up to date in memory; these
 * functions are what it must equal (the tests' invariant recomputes with them).
 *
 * Times are milliseconds since the epoch.
 */

/** One solve: one row of `solves`. In team mode it belongs to its team (`teamId`), in solo mode to its solver. */
export interface LedgerSolve {
  id: number;
  userId: string;
  teamId: string | null;
  challengeId: string;
  solvedAt: number;
}

/** A hint opened, with its cost: by a player (solo mode) or for a team (`teamId`, whoever of its members opened it). */
export interface LedgerHint {
  userId: string;
  teamId: string | null;
  challengeId: string;
  cost: number;
  /** Which hint: an opening is counted once, whether the ledger read it with the facts or heard of it on the bus. */
  hintId?: number;
}

/**
 * An admin's change of a score, kept as an audited row. `delta` is what it adds: for a "set to" change, the difference
 * between the number typed and the score at that moment (docs/product.md#scoring), fixed when it is made.
 */
export interface LedgerAdjustment {
  /** Whose score it moves: a player's (userId) or a team's (teamId), one of the two. */
  userId: string | null;
  teamId: string | null;
  delta: number;
  at: number;
}

export interface LedgerFacts {
  /** The scoring parameters of every challenge that has solves. */
  scoring: ReadonlyMap<string, Scoring>;
  solves: readonly LedgerSolve[];
  hints: readonly LedgerHint[];
  adjustments: readonly LedgerAdjustment[];
  /** docs/product.md#first-blood: added to each challenge's first solve (0 = none). */
  firstBloodBonus: number;
}

/**
 * Which solves count: those made from `from` to `until` (both inclusive; either omitted = unbounded), each valued as of
 * `until` among the solves of the window (the freeze: `{ until: frozenAt }`; an event: `{ from: start, until: end }`).
 * Adjustments count whatever their time (`'all'`, the freeze's rule: they apply at once) or only within the window.
 */
export interface LedgerWindow {
  from?: number;
  until?: number;
  adjustments?: 'all' | 'window';
}

/** Whose standings: each player's own solves (solo mode, or their contribution in team mode), or each team's. */
export type StandingKind = 'players' | 'teams';

export interface LedgerStanding {
  id: string;
  score: number;
  solvedCount: number;
  /** When the score was last moved by a solve or an adjustment (ties go to the earliest); null = never. */
  reachedAt: number | null;
  /** The time of the last solve counted (the CTFtime feed's lastAccept); null = none. */
  lastSolveAt: number | null;
}

/**
 * CTFd's dynamic value (retroactive: every solver gets the current value) with `solveCount` solves; the first solver
 * gets `initial`, as in CTFd (which counts the solves before the current one).
 */
export function challengeValue(scoring: Scoring, solveCount: number): number {
  if (scoring.type === 'static') return scoring.points;
  const n = Math.max(0, solveCount - 1);
  const raw =
    scoring.function === 'linear'
      ? scoring.initial - scoring.decay * n
      : ((scoring.minimum - scoring.initial) / scoring.decay ** 2) * n ** 2 + scoring.initial;
  return Math.max(scoring.minimum, Math.ceil(raw));
}

/** The order of solves: by time, then by id (two solves of one instant: the one recorded first). */
export function compareSolves(a: LedgerSolve, b: LedgerSolve): number {
  return a.solvedAt - b.solvedAt || a.id - b.id;
}

/** Whose standing a solve counts for. */
export function standingOf(solve: LedgerSolve, kind: StandingKind): string {
  return kind === 'teams' && solve.teamId !== null ? solve.teamId : solve.userId;
}

/** The key the hints counted against a solve share with it (docs/decisions/016-teams.md: a team's hints are its members'). */
export function hintKey(owner: { userId: string; teamId: string | null }, challengeId: string): string {
  return owner.teamId === null ? `u:${owner.userId}:${challengeId}` : `t:${owner.teamId}:${challengeId}`;
}

/** The costs of the hints opened, summed per owner and challenge (hintKey). */
export function sumHintCosts(hints: readonly LedgerHint[]): Map<string, number> {
  const costs = new Map<string, number>();
  for (const hint of hints) {
    const key = hintKey(hint, hint.challengeId);
    costs.set(key, (costs.get(key) ?? 0) + hint.cost);
  }
  return costs;
}

function inWindow(at: number, window: LedgerWindow): boolean {
  return (window.from === undefined || at >= window.from) && (window.until === undefined || at <= window.until);
}

/** The solves of the window, in order (compareSolves). */
export function solvesIn(solves: readonly LedgerSolve[], window: LedgerWindow = {}): LedgerSolve[] {
  return solves.filter((solve) => inWindow(solve.solvedAt, window)).sort(compareSolves);
}

/** Each challenge's first blood among these solves: its first solve (compareSolves), by challenge id. */
export function firstBloods(solves: readonly LedgerSolve[]): Map<string, LedgerSolve> {
  const first = new Map<string, LedgerSolve>();
  for (const solve of solves) {
    const current = first.get(solve.challengeId);
    if (!current || compareSolves(solve, current) < 0) first.set(solve.challengeId, solve);
  }
  return first;
}

export function countSolves(solves: readonly LedgerSolve[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const solve of solves) counts.set(solve.challengeId, (counts.get(solve.challengeId) ?? 0) + 1);
  return counts;
}

/**
 * What a solve gives (docs/product.md#scoring): max(0, the challenge's value at `solveCount` solves − the costs of the
 * hints its solver (its team) opened on it), plus the bonus when it is its challenge's first blood. A challenge whose
 * scoring is unknown gives nothing.
 */
export function solvePoints(input: {
  scoring: Scoring | undefined;
  solveCount: number;
  hintCosts: number;
  isFirstBlood: boolean;
  firstBloodBonus: number;
}): number {
  if (!input.scoring) return 0;
  const value = Math.max(0, challengeValue(input.scoring, input.solveCount) - input.hintCosts);
  return value + (input.isFirstBlood ? input.firstBloodBonus : 0);
}

/** A solve of the window with its points (valued as of the window's end). */
export interface ValuedSolve extends LedgerSolve {
  points: number;
  isFirstBlood: boolean;
}

/** The solves of the window, in order, each with its points at the values of the window's end. */
export function valueSolves(facts: LedgerFacts, window: LedgerWindow = {}): ValuedSolve[] {
  const solves = solvesIn(facts.solves, window);
  const counts = countSolves(solves);
  const first = firstBloods(solves);
  const costs = sumHintCosts(facts.hints);
  return solves.map((solve) => {
    const isFirstBlood = first.get(solve.challengeId)?.id === solve.id;
    const points = solvePoints({
      scoring: facts.scoring.get(solve.challengeId),
      solveCount: counts.get(solve.challengeId) ?? 0,
      hintCosts: costs.get(hintKey(solve, solve.challengeId)) ?? 0,
      isFirstBlood,
      firstBloodBonus: facts.firstBloodBonus,
    });
    return { ...solve, points, isFirstBlood };
  });
}

/**
 * Every standing's numbers over the window (docs/product.md#scoring, #freeze, #teams): the sum of its solves' points at
 * the values of the window's end, plus its adjustments. Only standings with a solve or an adjustment appear; the caller
 * adds the others at 0 and chooses who is ranked.
 */
export function computeStandings(facts: LedgerFacts, kind: StandingKind, window: LedgerWindow = {}): Map<string, LedgerStanding> {
  const standings = new Map<string, LedgerStanding>();
  const entry = (id: string) => {
    let standing = standings.get(id);
    if (!standing) standings.set(id, (standing = { id, score: 0, solvedCount: 0, reachedAt: null, lastSolveAt: null }));
    return standing;
  };
  for (const solve of valueSolves(facts, window)) {
    // In team mode a player's own standing is their contribution: the solves they made for any team.
    const standing = entry(standingOf(solve, kind));
    standing.score += solve.points;
    standing.solvedCount += 1;
    standing.lastSolveAt = Math.max(standing.lastSolveAt ?? solve.solvedAt, solve.solvedAt);
    standing.reachedAt = Math.max(standing.reachedAt ?? solve.solvedAt, solve.solvedAt);
  }
  const byWindow = window.adjustments === 'window';
  for (const adjustment of facts.adjustments) {
    if (byWindow && !inWindow(adjustment.at, window)) continue;
    const id = adjustmentOwner(adjustment, kind);
    if (id === null) continue;
    const standing = entry(id);
    standing.score += adjustment.delta;
    if (adjustment.delta !== 0) standing.reachedAt = Math.max(standing.reachedAt ?? adjustment.at, adjustment.at);
  }
  return standings;
}

/** The standing of this kind an adjustment moves, or null (a team's adjustment is not a player's, nor the reverse). */
export function adjustmentOwner(adjustment: LedgerAdjustment, kind: StandingKind): string | null {
  return kind === 'teams' ? adjustment.teamId : adjustment.userId;
}

/** A standing to rank: its numbers, its name and when it appeared (the tie-break of a score never moved). */
export interface RankInput {
  id: string;
  name: string;
  score: number;
  reachedAt: number;
}

/** docs/product.md#scoring: score descending; ties to whoever reached that score first; then by name, then by id. */
export function compareStandings(a: RankInput, b: RankInput): number {
  return (
    b.score - a.score ||
    a.reachedAt - b.reachedAt ||
    a.name.toLowerCase().localeCompare(b.name.toLowerCase()) ||
    a.id.localeCompare(b.id)
  );
}
