import type { EventBus, ServerEventMessage, ServerEvents } from '../events/event-bus.js';

import {
  computeStandings,
  type LedgerFacts,
  type LedgerSolve,
  type LedgerStanding,
  type LedgerWindow,
  ownScoreAt,
  ownSolvesAt,
  type StandingKind,
  valueSolves,
  type ValuedSolve,
} from './ledger.js';
import { createLiveLedger, type LiveLedger } from './live-ledger.js';
import type { ScoringRepository } from './scoring.repository.js';

/** Leaderboard changes after which facts may have been deleted or rewritten: the ledger reads them all again. */
const RELOADING_REASONS = new Set(['user-deleted', 'seed', 'catalogue', 'team', 'settings']);

/**
 * The scoring ledger of this instance (docs/decisions/007-scoring.md, docs/architecture.md "Scoring ledger"): every
 * score of every board comes from here. Its facts are read from the database at the first use, then kept current from
 * the event bus: a solve is read by id (one query, whichever instance made it), a hint by its id, an admin's change that
 * deletes or rewrites facts reads them all again. Changes are applied one at a time, in order; a read waits for those
 * under way.
 */
export function createScoringService(deps: {
  repository: ScoringRepository;
  events: EventBus;
  reportError?: (error: unknown) => void;
}) {
  const { repository } = deps;
  let ledger: LiveLedger | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let reloadQueued = false;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  /** Runs `step` after the changes under way; a failed step is reported and the facts read again at the next use. */
  const enqueue = <T>(step: () => Promise<T>): Promise<T> => {
    const run = queue.then(step);
    queue = run.catch((error: unknown) => {
      ledger = undefined;
      deps.reportError?.(error);
    });
    return run;
  };
  const load = async (): Promise<LiveLedger> => (ledger ??= createLiveLedger(await repository.loadFacts()));
  const current = (): Promise<LiveLedger> => enqueue(load);

  const reload = () => {
    if (reloadQueued) return;
    reloadQueued = true;
    void enqueue(async () => {
      reloadQueued = false;
      ledger = createLiveLedger(await repository.loadFacts());
      changed();
    });
  };
  const readSolves = (ids: readonly number[]) =>
    enqueue(async () => {
      const held = await load();
      if (ids.length > 0 && ids.every((id) => held.hasSolve(id))) return;
      let added = false;
      for (const solve of await repository.listSolvesAfter(held.maxSolveId(), ids)) added = held.addSolve(solve) || added;
      if (added) changed();
    });

  const onMessage = (message: ServerEventMessage) => {
    if (message.type === 'solve') {
      void readSolves((message.data as ServerEvents['solve']).solveIds ?? []);
    } else if (message.type === 'hint-opened') {
      const opened = message.data as ServerEvents['hint-opened'];
      void enqueue(async () => {
        const held = await load();
        const hint = await repository.findHint(opened.hintId);
        if (!hint || hint.cost === 0) return;
        const hintId = opened.hintId;
        if (
          held.addHint({ userId: opened.userId, teamId: opened.teamId, challengeId: hint.challengeId, cost: hint.cost, hintId })
        )
          changed();
      });
    } else if (message.type === 'leaderboard') {
      const { reason } = message.data as ServerEvents['leaderboard'];
      if (RELOADING_REASONS.has(reason)) reload();
      else if (reason === 'user-updated') {
        void enqueue(async () => {
          const held = await load();
          held.setAdjustments(await repository.listAdjustments());
          changed();
        });
      }
    } else if (message.type === 'resync') reload();
  };
  const unsubscribe = deps.events.subscribe(onMessage);

  /** What is computed over a window, kept until the facts change (a reload makes a new ledger, at version 0 again). */
  let windowCache: { ledger?: LiveLedger; version: number; entries: Map<string, unknown> } = { version: -1, entries: new Map() };
  const cached = <T>(held: LiveLedger, key: string, compute: () => T): T => {
    if (windowCache.ledger !== held || windowCache.version !== held.version())
      windowCache = { ledger: held, version: held.version(), entries: new Map() };
    if (!windowCache.entries.has(key)) windowCache.entries.set(key, compute());
    return windowCache.entries.get(key) as T;
  };
  const keyOf = (window: LedgerWindow) => `${window.from ?? ''}|${window.until ?? ''}|${window.adjustments ?? 'all'}`;

  const service = {
    /** Called on each change of the facts (the boards rebuild lazily, at their next read). */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * What these solves, just inserted in the database and not yet committed, give and make their solvers' scores
     * (the answer to the flag, the badges of a score): computed on a copy of their challenge's solves only.
     */
    async previewSolves(challengeId: string, solves: readonly LedgerSolve[]) {
      const held = await current();
      const facts = held.facts();
      const others = held.solvesOf(challengeId);
      const preview = valueSolves({ ...facts, solves: [...others, ...solves] });
      const result = new Map<number, { points: number; score: number; isFirstBlood: boolean }>();
      for (const solve of solves) {
        const valued = preview.find((s) => s.id === solve.id)!;
        let score = held.standing('players', solve.userId)?.score ?? 0;
        // The solver's other solves of this challenge (for another team) move with its value too.
        for (const other of preview) {
          if (other.userId !== solve.userId) continue;
          score += other.points - (other.id === solve.id ? 0 : held.pointsOfSolve(other.id));
        }
        result.set(solve.id, { points: valued.points, score, isFirstBlood: valued.isFirstBlood });
      }
      return result;
    },

    /** Counts solves this instance committed (the bus tells the others; a solve already held is ignored). */
    recordSolves(solves: readonly LedgerSolve[]): Promise<void> {
      return enqueue(async () => {
        const held = await load();
        let added = false;
        for (const solve of solves) added = held.addSolve(solve) || added;
        if (added) changed();
      });
    },

    /** Reads every fact again (an admin's change that deleted or rewrote some, on this instance). */
    reload(): Promise<void> {
      reload();
      return enqueue(async () => {});
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
      return ownSolvesAt((await current()).facts(), kind, id, frozenAt.getTime());
    },

    /** A player's (or with kind 'teams', a team's) own score as they see it during a freeze (docs/product.md#freeze). */
    async ownScoreAt(kind: StandingKind, id: string, frozenAt: Date): Promise<number> {
      return ownScoreAt((await current()).facts(), kind, id, frozenAt.getTime());
    },

    /** What a player's solve gives and their score, as they see them during a freeze (the answer to their flag). */
    async ownSolveAt(solveId: number, frozenAt: Date): Promise<{ points: number; score: number }> {
      const facts = (await current()).facts();
      const solve = facts.solves.find((s) => s.id === solveId);
      if (!solve) return { points: 0, score: 0 };
      const own = ownSolvesAt(facts, 'players', solve.userId, frozenAt.getTime());
      return {
        points: own.find((entry) => entry.solve.id === solveId)?.points ?? 0,
        score: ownScoreAt(facts, 'players', solve.userId, frozenAt.getTime()),
      };
    },

    /**
     * A player's score as they see it (docs/product.md#freeze): live, or during a freeze (`frozenAt`) their own solves at
     * the values they see; and the challenges they solved after the freeze.
     */
    async ownView(userId: string, frozenAt: Date | null): Promise<{ score: number; solvedAfterFreeze?: string[] }> {
      const held = await current();
      if (frozenAt === null) return { score: held.standing('players', userId)?.score ?? 0 };
      const facts = held.facts();
      const at = frozenAt.getTime();
      return {
        score: ownScoreAt(facts, 'players', userId, at),
        solvedAfterFreeze: facts.solves.filter((s) => s.userId === userId && s.solvedAt > at).map((s) => s.challengeId),
      };
    },

    /** The facts as held (the tests' invariant recomputes from them and from the rows). */
    async facts(): Promise<LedgerFacts> {
      return (await current()).facts();
    },

    close: () => {
      unsubscribe();
      listeners.clear();
    },
  };
  return service;
}

export type ScoringService = ReturnType<typeof createScoringService>;
