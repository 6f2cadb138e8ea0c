import { describe, expect, it } from 'vitest';

import type { Scoring } from '@drapeau/shared';

import {
  challengeValue,
  compareStandings,
  computeStandings,
  firstBloods,
  type LedgerAdjustment,
  type LedgerFacts,
  type LedgerHint,
  type LedgerSolve,
  valueSolves,
} from './ledger.js';
import { frozenValuesOf, ownScoreAt, ownSolvesAt, solvesByOwner } from './own-view.js';

const linear: Scoring = { type: 'dynamic', initial: 1000, decay: 100, minimum: 100, function: 'linear' };
const log: Scoring = { type: 'dynamic', initial: 500, decay: 10, minimum: 100, function: 'logarithmic' };
const fixed = (points: number): Scoring => ({ type: 'static', points });

let nextId = 1;
function solve(userId: string, challengeId: string, solvedAt: number, teamId: string | null = null): LedgerSolve {
  return { id: nextId++, userId, teamId, challengeId, solvedAt };
}

function facts(partial: Partial<LedgerFacts> & Pick<LedgerFacts, 'solves'>): LedgerFacts {
  return {
    scoring: new Map([
      ['web', fixed(100)],
      ['dyn', linear],
      ['log', log],
    ]),
    hints: [],
    adjustments: [],
    firstBloodBonus: 0,
    ...partial,
  };
}

const scoreOf = (f: LedgerFacts, id: string, kind: 'players' | 'teams' = 'players', window = {}) =>
  computeStandings(f, kind, window).get(id)?.score ?? 0;

describe('challengeValue', () => {
  it('gives a static challenge its points whatever the count', () => {
    expect(challengeValue(fixed(250), 0)).toBe(250);
    expect(challengeValue(fixed(250), 5000)).toBe(250);
  });

  it('decays linearly from the second solve down to the minimum', () => {
    expect([1, 2, 3, 4, 10, 100].map((n) => challengeValue(linear, n))).toEqual([1000, 900, 800, 700, 100, 100]);
  });

  it('decays logarithmically (CTFd) and reaches the minimum at `decay` solves', () => {
    expect(challengeValue(log, 1)).toBe(500);
    expect(challengeValue(log, 2)).toBe(496);
    expect(challengeValue(log, 11)).toBe(100);
    expect(challengeValue(log, 50)).toBe(100);
  });
});

describe('computeStandings', () => {
  it('sums the solves at the current dynamic value, retroactively for every solver', () => {
    const f = facts({ solves: [solve('a', 'dyn', 1), solve('b', 'dyn', 2), solve('c', 'dyn', 3), solve('a', 'web', 4)] });
    const standings = computeStandings(f, 'players');
    expect(standings.get('a')).toMatchObject({ score: 900, solvedCount: 2, reachedAt: 4, lastSolveAt: 4 });
    expect(standings.get('b')?.score).toBe(800);
    expect(standings.get('c')?.score).toBe(800);
  });

  it('takes the hints the solver opened off that solve, never below zero', () => {
    const hints: LedgerHint[] = [
      { userId: 'a', teamId: null, challengeId: 'web', cost: 30 },
      { userId: 'a', teamId: null, challengeId: 'web', cost: 20 },
      { userId: 'b', teamId: null, challengeId: 'web', cost: 500 },
      { userId: 'c', teamId: null, challengeId: 'web', cost: 40 },
    ];
    const f = facts({ solves: [solve('a', 'web', 1), solve('b', 'web', 2)], hints });
    expect(scoreOf(f, 'a')).toBe(50);
    expect(scoreOf(f, 'b')).toBe(0);
    // A hint opened without a solve costs nothing.
    expect(scoreOf(f, 'c')).toBe(0);
  });

  it('adds the adjustments to the derived score', () => {
    const adjustments: LedgerAdjustment[] = [
      { userId: 'a', teamId: null, delta: 25, at: 10 },
      { userId: 'z', teamId: null, delta: -5, at: 11 },
    ];
    const f = facts({ solves: [solve('a', 'web', 1)], adjustments });
    expect(computeStandings(f, 'players').get('a')).toMatchObject({ score: 125, reachedAt: 10, lastSolveAt: 1 });
    expect(computeStandings(f, 'players').get('z')).toMatchObject({ score: -5, solvedCount: 0 });
  });

  it('values the solves of a window among themselves: an event board starts at zero', () => {
    const f = facts({ solves: [solve('a', 'dyn', 1), solve('b', 'dyn', 20), solve('c', 'dyn', 30)] });
    const event = computeStandings(f, 'players', { from: 10, until: 40 });
    expect(event.has('a')).toBe(false);
    expect(event.get('b')?.score).toBe(900);
    expect(event.get('c')?.score).toBe(900);
  });

  it('counts adjustments whatever their time, or only within the window when asked', () => {
    const adjustments: LedgerAdjustment[] = [{ userId: 'a', teamId: null, delta: 7, at: 100 }];
    const f = facts({ solves: [solve('a', 'web', 1)], adjustments });
    expect(scoreOf(f, 'a', 'players', { until: 50 })).toBe(107);
    expect(scoreOf(f, 'a', 'players', { until: 50, adjustments: 'window' })).toBe(100);
  });
});

describe('first blood', () => {
  it('is the first solve by time, then by id', () => {
    const late = solve('a', 'web', 5);
    const early = solve('b', 'web', 3);
    const tie = solve('c', 'web', 3);
    expect(firstBloods([late, early, tie]).get('web')?.id).toBe(early.id);
  });

  it('adds the bonus to the first solve only, on top of the dynamic value after hint costs', () => {
    const hints: LedgerHint[] = [{ userId: 'a', teamId: null, challengeId: 'dyn', cost: 50 }];
    const f = facts({ solves: [solve('a', 'dyn', 1), solve('b', 'dyn', 2)], hints, firstBloodBonus: 30 });
    expect(scoreOf(f, 'a')).toBe(900 - 50 + 30);
    expect(scoreOf(f, 'b')).toBe(900);
    expect(valueSolves(f).map((s) => s.isFirstBlood)).toEqual([true, false]);
  });

  it('changes retroactively with the bonus, and passes to the next solver when the first is deleted', () => {
    const solves = [solve('a', 'web', 1), solve('b', 'web', 2)];
    expect(scoreOf(facts({ solves, firstBloodBonus: 10 }), 'a')).toBe(110);
    expect(scoreOf(facts({ solves, firstBloodBonus: 0 }), 'a')).toBe(100);
    const afterDeletion = facts({ solves: solves.filter((s) => s.userId !== 'a'), firstBloodBonus: 10 });
    expect(scoreOf(afterDeletion, 'b')).toBe(110);
  });
});

describe('freeze', () => {
  const frozenAt = 10;
  const f = facts({
    solves: [solve('a', 'dyn', 1), solve('b', 'dyn', 5), solve('c', 'dyn', 15), solve('c', 'web', 16)],
    firstBloodBonus: 20,
  });

  it('gives the standings as of the freeze, each solve at the values of that time', () => {
    const frozen = computeStandings(f, 'players', { until: frozenAt });
    expect(frozen.get('a')?.score).toBe(900 + 20);
    expect(frozen.get('b')?.score).toBe(900);
    expect(frozen.has('c')).toBe(false);
    // Live, the third solve lowered everyone.
    expect(scoreOf(f, 'a')).toBe(800 + 20);
  });

  it("counts a player's own later solve as one more solve of its challenge, without the bonus", () => {
    expect(ownScoreAt(f, 'players', 'c', frozenAt)).toBe(800 + 100);
    const alone = facts({ solves: [solve('d', 'web', 20)], firstBloodBonus: 20 });
    expect(ownScoreAt(alone, 'players', 'd', frozenAt)).toBe(100);
    expect(ownScoreAt(f, 'players', 'a', frozenAt)).toBe(920);
  });

  it('gives each player and team the same own view from the values kept between requests as from the facts', () => {
    const solves = [
      solve('a', 'dyn', 1, 't1'),
      solve('b', 'dyn', 5, 't2'),
      solve('c', 'dyn', 15, 't1'),
      solve('c', 'web', 16, 't1'),
      solve('d', 'log', 3, null),
      solve('e', 'log', 12, 't2'),
    ];
    const hints: LedgerHint[] = [{ userId: 'c', teamId: 't1', challengeId: 'dyn', cost: 50 }];
    const withHints = facts({ solves, hints, firstBloodBonus: 20 });
    for (const kind of ['players', 'teams'] as const) {
      const shared = { values: frozenValuesOf(withHints, frozenAt), byOwner: solvesByOwner(withHints, kind) };
      const owners = kind === 'players' ? ['a', 'b', 'c', 'd', 'e', 'nobody'] : ['t1', 't2', 'nobody'];
      for (const owner of owners) {
        expect(ownSolvesAt(withHints, kind, owner, frozenAt, shared), `${kind} ${owner}`).toEqual(
          ownSolvesAt(withHints, kind, owner, frozenAt),
        );
        expect(ownScoreAt(withHints, kind, owner, frozenAt, shared)).toBe(ownScoreAt(withHints, kind, owner, frozenAt));
      }
      expect(ownScoreAt(withHints, kind, kind === 'players' ? 'c' : 't1', frozenAt, shared)).toBeGreaterThan(0);
    }
  });
});

describe('teams', () => {
  it("sums a team's solves whoever made them, with the team's hints and adjustments", () => {
    const hints: LedgerHint[] = [{ userId: 'b', teamId: 't1', challengeId: 'web', cost: 40 }];
    const adjustments: LedgerAdjustment[] = [{ userId: null, teamId: 't1', delta: 5, at: 9 }];
    const f = facts({ solves: [solve('a', 'web', 1, 't1'), solve('b', 'dyn', 2, 't1')], hints, adjustments });
    expect(computeStandings(f, 'teams').get('t1')).toMatchObject({ score: 60 + 1000 + 5, solvedCount: 2 });
    // A member's own score is their contribution; the team's adjustment is not theirs.
    expect(scoreOf(f, 'a')).toBe(60);
    expect(scoreOf(f, 'b')).toBe(1000);
  });

  it('counts a player who solved one challenge for two teams once for each, and loses both when it goes', () => {
    const solves = [solve('p', 'web', 1, 't1'), solve('p', 'web', 2, 't2'), solve('p', 'dyn', 3, 't2')];
    const f = facts({
      solves,
      scoring: new Map([
        ['web', fixed(200)],
        ['dyn', fixed(500)],
      ]),
    });
    expect(scoreOf(f, 'p')).toBe(900);
    expect(scoreOf(f, 't1', 'teams')).toBe(200);
    const withoutWeb = facts({ solves: solves.filter((s) => s.challengeId !== 'web'), scoring: f.scoring });
    // Today's design took only one of the two solves' points off (1,100 -> 900 instead of 700; issue #35).
    expect(scoreOf(withoutWeb, 'p')).toBe(500);
  });

  it('lifts the other solvers when a solver of a dynamic challenge is deleted', () => {
    const solves = [solve('a', 'dyn', 1), solve('b', 'dyn', 2), solve('c', 'dyn', 3)];
    expect(scoreOf(facts({ solves }), 'b')).toBe(800);
    const afterDeletion = facts({ solves: solves.filter((s) => s.userId !== 'a') });
    expect(scoreOf(afterDeletion, 'b')).toBe(900);
    expect(scoreOf(afterDeletion, 'b', 'players', { until: 2 })).toBe(1000);
  });
});

describe('compareStandings', () => {
  it('orders by score, then whoever reached it first, then by name', () => {
    const rows = [
      { id: '1', name: 'bob', score: 10, reachedAt: 5 },
      { id: '2', name: 'Alice', score: 10, reachedAt: 5 },
      { id: '3', name: 'carl', score: 10, reachedAt: 2 },
      { id: '4', name: 'dan', score: 30, reachedAt: 9 },
    ];
    expect([...rows].sort(compareStandings).map((r) => r.id)).toEqual(['4', '3', '2', '1']);
  });
});
