import type { EventBus } from '../events/event-bus.js';

import {
  computeStandings,
  type LedgerFacts,
  type LedgerSolve,
  type LedgerStanding,
  type LedgerWindow,
  type StandingKind,
  valueSolves,
  type ValuedSolve,
} from './ledger.js';
import { createLedgerReads } from './ledger-reads.js';
import { frozenValuesOf, ownScoreAt, ownSolvesAt, solvesByOwner } from './own-view.js';
import type { LiveLedger } from './live-ledger.js';
import type { ScoringRepository } from './scoring.repository.js';

/**
 * The scoring ledger of this instance (docs/decisions/007-scoring.md, docs/architecture.md "Scoring ledger"): every
 * score of every board comes from here. How the ledger is read and kept current is ledger-reads.ts; a read waits for a
 * read of every fact under way, except the two made inside a transaction (`previewSolves`, `heldStandings`), served by
 * the ledger held at once (PGlite's one connection, held by the transaction, would otherwise hold back the read they
 * wait for).
 */
export function createScoringService(deps: {
  repository: ScoringRepository;
  events: EventBus;
  reportError?: (error: unknown) => void;
}) {
  const reads = createLedgerReads(deps);
  const { held, current } = reads;

  /** What is computed over a window, kept until the facts change (a reload makes a new ledger, at version 0 again). */
  let windowCache: { ledger?: LiveLedger; version: number; entries: Map<string, unknown> } = { version: -1, entries: new Map() };
  const cached = <T>(held: LiveLedger, key: string, compute: () => T): T => {
    if (windowCache.ledger !== held || windowCache.version !== held.version())
      windowCache = { ledger: held, version: held.version(), entries: new Map() };
    if (!windowCache.entries.has(key)) windowCache.entries.set(key, compute());
    return windowCache.entries.get(key) as T;
  };
  /** The freeze's values and the solves by owner, kept until the facts change: a frozen page reads them per request. */
  const frozenShared = (held: LiveLedger, kind: StandingKind, frozenAt: Date) => ({
    values: cached(held, `f${frozenAt.getTime()}`, () => frozenValuesOf(held.facts(), frozenAt.getTime())),
    byOwner: cached(held, `o${kind}`, () => solvesByOwner(held.facts(), kind)),
  });
  const keyOf = (window: LedgerWindow) => `${window.from ?? ''}|${window.until ?? ''}|${window.adjustments ?? 'all'}`;

  const service = {
    /** Called on each change of the facts (the boards rebuild lazily, at their next read). */
    subscribe: reads.subscribe,

    /**
     * What these solves, just inserted in the database and not yet committed, give and make their solvers' scores
     * (the answer to the flag, the badges of a score), from the ledger held (live-ledger.ts previewSolves).
     */
    async previewSolves(challengeId: string, solves: readonly LedgerSolve[]) {
      return (await held()).previewSolves(challengeId, solves);
    },

    /** Counts solves this instance committed (the bus tells the others; a solve already held is ignored). */
    recordSolves(solves: readonly LedgerSolve[]): void {
      reads.apply((held) => solves.reduce((added, solve) => held.addSolve(solve) || added, false));
    },

    /**
     * Reads every fact again (an admin's change that deleted or rewrote some, on this instance); resolves once the boards
     * show it. Never inside a transaction: the read needs the database.
     */
    reload: (): Promise<void> => reads.load(),

    /** Reads every fact at start, so that no request waits for them. */
    ready: async (): Promise<void> => {
      await current();
    },

    /**
     * The live standings as this instance holds them, without waiting for a read of every fact under way: for a read
     * made inside a database transaction (see `held`), such as an admin's change of a team answering with the team.
     */
    async heldStandings(kind: StandingKind): Promise<ReadonlyMap<string, LedgerStanding>> {
      return (await held()).standings(kind);
    },

    /** The live standings of every player or team that has a solve or an adjustment. */
    async liveStandings(kind: StandingKind): Promise<ReadonlyMap<string, LedgerStanding>> {
      return (await current()).standings(kind);
    },

    /** The standings over a window (docs/product.md#freeze: `{ until: frozenAt }`; an event: its start and end). */
    async standingsIn(kind: StandingKind, window: LedgerWindow): Promise<ReadonlyMap<string, LedgerStanding>> {
      const held = await current();
      return cached(held, `s${kind}${keyOf(window)}`, () => computeStandings(held.facts(), kind, window));
    },

    /** The solves of a window, each with its points at the values of the window's end (graph, feed, team pages). */
    async valuedSolves(window: LedgerWindow = {}): Promise<readonly ValuedSolve[]> {
      const held = await current();
      return cached(held, `v${keyOf(window)}`, () => valueSolves(held.facts(), window));
    },

    /** A player's or a team's live score. */
    async scoreOf(kind: StandingKind, id: string): Promise<number> {
      return (await current()).standing(kind, id)?.score ?? 0;
    },

    /** A player's (or a team's) own solves as they see them during a freeze, each with its points so. */
    async ownSolvesAt(kind: StandingKind, id: string, frozenAt: Date) {
      const held = await current();
      return ownSolvesAt(held.facts(), kind, id, frozenAt.getTime(), frozenShared(held, kind, frozenAt));
    },

    /** A player's (or with kind 'teams', a team's) own score as they see it during a freeze (docs/product.md#freeze). */
    async ownScoreAt(kind: StandingKind, id: string, frozenAt: Date): Promise<number> {
      const held = await current();
      return ownScoreAt(held.facts(), kind, id, frozenAt.getTime(), frozenShared(held, kind, frozenAt));
    },

    /** What a player's solve gives and their score, as they see them during a freeze (the answer to their flag). */
    async ownSolveAt(solveId: number, frozenAt: Date): Promise<{ points: number; score: number }> {
      const held = await current();
      const facts = held.facts();
      const solve = facts.solves.find((s) => s.id === solveId);
      if (!solve) return { points: 0, score: 0 };
      const shared = frozenShared(held, 'players', frozenAt);
      const own = ownSolvesAt(facts, 'players', solve.userId, frozenAt.getTime(), shared);
      return {
        points: own.find((entry) => entry.solve.id === solveId)?.points ?? 0,
        score: ownScoreAt(facts, 'players', solve.userId, frozenAt.getTime(), shared),
      };
    },

    /**
     * A player's score as they see it (docs/product.md#freeze): live, or during a freeze (`frozenAt`) their own solves at
     * the values they see; and the challenges they solved after the freeze.
     */
    async ownView(userId: string, frozenAt: Date | null): Promise<{ score: number; solvedAfterFreeze?: string[] }> {
      const held = await current();
      if (frozenAt === null) return { score: held.standing('players', userId)?.score ?? 0 };
      // Read at every session's load during a freeze: the freeze's values and the solves by owner are kept (frozenShared).
      const shared = frozenShared(held, 'players', frozenAt);
      const at = frozenAt.getTime();
      const own = shared.byOwner.get(userId) ?? [];
      return {
        score: ownScoreAt(held.facts(), 'players', userId, at, shared),
        solvedAfterFreeze: own.filter((s) => s.solvedAt > at).map((s) => s.challengeId),
      };
    },

    /** The facts as held, once every read under way is over (the tests' invariant recomputes from them and from the rows). */
    async facts(): Promise<LedgerFacts> {
      await reads.settled();
      return (await current()).facts();
    },

    close: reads.close,
  };
  return service;
}

export type ScoringService = ReturnType<typeof createScoringService>;
