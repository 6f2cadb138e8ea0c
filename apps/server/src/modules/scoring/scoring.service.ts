import { isDeepStrictEqual } from 'node:util';

import type { Scoring } from '@drapeau/shared';

import type { EventBus, ServerEventMessage, ServerEvents } from '../events/event-bus.js';

import {
  computeStandings,
  type LedgerFacts,
  type LedgerHint,
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

type ReadMode = 'full' | 'if-changed';

/** Leaderboard changes after which facts may have been deleted or rewritten: the ledger reads them all again. */
const RELOADING_REASONS = new Set(['user-deleted', 'seed', 'team', 'settings']);

/** Whether the catalogue's part of the facts read now (values' parameters, costly hints opened) is the ledger's. */
function sameCatalogueFacts(held: LiveLedger, scoring: ReadonlyMap<string, Scoring>, hints: readonly LedgerHint[]): boolean {
  const mine = held.catalogueFacts();
  if (mine.scoring.size !== scoring.size || mine.hints.length !== hints.length) return false;
  for (const [id, value] of scoring) if (!isDeepStrictEqual(mine.scoring.get(id), value)) return false;
  const keyOf = (hint: LedgerHint) => `${hint.hintId}|${hint.userId}|${hint.teamId ?? ''}|${hint.challengeId}|${hint.cost}`;
  const counts = new Map<string, number>();
  for (const hint of mine.hints) counts.set(keyOf(hint), (counts.get(keyOf(hint)) ?? 0) + 1);
  for (const hint of hints) {
    const left = counts.get(keyOf(hint));
    if (!left) return false;
    counts.set(keyOf(hint), left - 1);
  }
  return true;
}

/**
 * The scoring ledger of this instance (docs/decisions/007-scoring.md, docs/architecture.md "Scoring ledger"): every
 * score of every board comes from here. Its facts are read from the database at start, then kept current from the
 * event bus, whose messages carry the facts themselves (a solve, a hint opened): applied in memory at once, in any order
 * (a fact already held is ignored). Only an admin's change that deletes or rewrites facts reads the database again; a
 * read waits for that, except the two made inside a transaction (`previewSolves`, `heldStandings`), served by the ledger
 * held at once (PGlite's one connection, held by the transaction, would otherwise hold back the read they wait for).
 */
export function createScoringService(deps: {
  repository: ScoringRepository;
  events: EventBus;
  reportError?: (error: unknown) => void;
}) {
  const { repository } = deps;
  let ledger: LiveLedger | undefined;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };

  /** A change heard while every fact is being read: applied to the ledger held and to the one the read makes. */
  type Change = (held: LiveLedger) => boolean;
  let heardDuringRead: Change[] = [];
  /** Each read of the adjustments is numbered: an older one never replaces a newer one. */
  let adjustmentReads = 0;
  const adjustmentsReadOf = new WeakMap<LiveLedger, number>();
  const apply = (change: Change) => {
    if (reading) heardDuringRead.push(change);
    if (ledger && change(ledger)) changed();
  };

  let reading: Promise<void> | undefined;
  let readAgain: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  /**
   * `if-changed` (a change of the catalogue: most edit texts or files): reads the values' parameters and the costly hints
   * opened first, and every fact only when those differ from the ledger's (a value or a hint's cost changed, a
   * challenge deleted with its solves).
   */
  const readAll = async (mode: ReadMode) => {
    heardDuringRead = [];
    if (mode === 'if-changed' && ledger) {
      const held = ledger;
      const [scoring, hints] = await Promise.all([repository.listScorings(), repository.listHints()]);
      if (ledger === held && sameCatalogueFacts(held, scoring, hints)) {
        heardDuringRead = [];
        return;
      }
    }
    const readNumber = ++adjustmentReads;
    const fresh = createLiveLedger(await repository.loadFacts());
    adjustmentsReadOf.set(fresh, readNumber);
    for (const change of heardDuringRead) change(fresh);
    heardDuringRead = [];
    ledger = fresh;
    changed();
  };
  /** Whether the read waiting for the one under way reads every fact whatever the check finds. */
  let againInFull = false;
  /**
   * Reads every fact again (or, `if-changed`, when the catalogue's facts changed), once any read under way is over (one
   * waits at most, in full if any of the reads it stands for was asked in full); resolves once the new ledger holds.
   */
  const load = (mode: ReadMode = 'full'): Promise<void> => {
    if (readAgain) {
      againInFull ||= mode === 'full';
      return readAgain;
    }
    if (reading) {
      againInFull = mode === 'full';
      readAgain = reading
        .catch(() => {})
        .then(() => {
          readAgain = undefined;
          return load(againInFull ? 'full' : 'if-changed');
        });
      return readAgain;
    }
    reading = readAll(mode).finally(() => {
      reading = undefined;
    });
    // A failed read is reported and tried again a moment later; the ledger held serves meanwhile.
    reading.catch((error: unknown) => {
      deps.reportError?.(error);
      clearTimeout(retry);
      retry = setTimeout(() => void load().catch(() => {}), 1000).unref();
    });
    return reading;
  };
  /**
   * The ledger held now, without waiting for a read of every fact under way: what a read made inside a database
   * transaction gets (`previewSolves`, `heldStandings`), since the read it would wait for may need the connection the
   * transaction holds (PGlite has one). Only before the first read ever (the server reads it at start) does it wait.
   */
  const held = async (): Promise<LiveLedger> => {
    while (!ledger) await (reading ?? load());
    return ledger;
  };
  /** The ledger, once a read of every fact under way is over, so that the author of a change sees it at their next request. */
  const current = async (): Promise<LiveLedger> => {
    const pending = readAgain ?? reading;
    if (pending) await pending.catch(() => {});
    return held();
  };

  /** Reads of the adjustments under way (the tests' invariant waits for them). */
  const adjusting = new Set<Promise<void>>();
  const readAdjustments = () => {
    const readNumber = ++adjustmentReads;
    const read = repository.listAdjustments().then(
      (adjustments) =>
        apply((held) => {
          if ((adjustmentsReadOf.get(held) ?? 0) > readNumber) return false;
          adjustmentsReadOf.set(held, readNumber);
          held.setAdjustments(adjustments);
          return true;
        }),
      (error: unknown) => {
        deps.reportError?.(error);
        void load().catch(() => {});
      },
    );
    adjusting.add(read);
    void read.finally(() => adjusting.delete(read));
  };

  const onMessage = (message: ServerEventMessage) => {
    if (message.type === 'solve') {
      const solve = message.data as ServerEvents['solve'];
      const id = solve.solveIds?.[0];
      if (id === undefined) return;
      const fact: LedgerSolve = {
        id,
        userId: solve.userId,
        teamId: solve.teamId ?? null,
        challengeId: solve.challengeId,
        solvedAt: new Date(solve.solvedAt).getTime(),
      };
      apply((held) => held.addSolve(fact));
    } else if (message.type === 'hint-opened') {
      const opened = message.data as ServerEvents['hint-opened'];
      if (opened.cost === 0) return;
      apply((held) => held.addHint(opened));
    } else if (message.type === 'leaderboard') {
      const { reason } = message.data as ServerEvents['leaderboard'];
      if (RELOADING_REASONS.has(reason)) void load().catch(() => {});
      else if (reason === 'catalogue') void load('if-changed').catch(() => {});
      else if (reason === 'user-updated') readAdjustments();
    } else if (message.type === 'resync') void load().catch(() => {});
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
     * (the answer to the flag, the badges of a score), from the ledger held (live-ledger.ts previewSolves).
     */
    async previewSolves(challengeId: string, solves: readonly LedgerSolve[]) {
      return (await held()).previewSolves(challengeId, solves);
    },

    /** Counts solves this instance committed (the bus tells the others; a solve already held is ignored). */
    recordSolves(solves: readonly LedgerSolve[]): void {
      apply((held) => solves.reduce((added, solve) => held.addSolve(solve) || added, false));
    },

    /**
     * Reads every fact again (an admin's change that deleted or rewrote some, on this instance); resolves once the boards
     * show it. Never inside a transaction: the read needs the database.
     */
    reload: (): Promise<void> => load(),

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

    /** The facts as held, once every read under way is over (the tests' invariant recomputes from them and from the rows). */
    async facts(): Promise<LedgerFacts> {
      while (reading || adjusting.size > 0) await Promise.allSettled([reading, ...adjusting]);
      return (await current()).facts();
    },

    close: () => {
      unsubscribe();
      clearTimeout(retry);
      listeners.clear();
    },
  };
  return service;
}

export type ScoringService = ReturnType<typeof createScoringService>;
