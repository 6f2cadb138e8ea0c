import { isDeepStrictEqual } from 'node:util';

import type { Scoring } from '@drapeau/shared';

import type { EventBus, ServerEventMessage, ServerEvents } from '../events/event-bus.js';

import type { LedgerHint, LedgerSolve } from './ledger.js';
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
 * How this instance's ledger is held (docs/decisions/007-scoring.md, docs/architecture.md "Scoring ledger"): its facts
 * are read from the database at start, then kept current from the event bus, whose messages carry the facts themselves
 * (a solve, a hint opened): applied in memory at once, in any order (a fact already held is ignored). Only an admin's
 * change that deletes or rewrites facts reads the database again. The reads of the boards are scoring.service.ts.
 */
export function createLedgerReads(deps: {
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

  return {
    held,
    current,
    /** Reads every fact again (or, `if-changed`, when the catalogue's facts changed); resolves once the new ledger holds. */
    load,
    /** A change of the facts made here (a solve committed): applied to the ledger held, and to the one a read under way makes. */
    apply,
    /** Called on each change of the facts. */
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Resolves once no read of the facts or of the adjustments is under way. */
    async settled(): Promise<void> {
      while (reading || adjusting.size > 0) await Promise.allSettled([reading, ...adjusting]);
    },
    close: () => {
      unsubscribe();
      clearTimeout(retry);
      listeners.clear();
    },
  };
}
