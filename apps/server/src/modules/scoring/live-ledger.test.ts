import { describe, expect, it } from 'vitest';

import type { Scoring } from '@drapeau/shared';

import { computeStandings, type LedgerFacts, type LedgerHint, type LedgerSolve, valueSolves } from './ledger.js';
import { createLiveLedger } from './live-ledger.js';

const scoring = new Map<string, Scoring>([
  ['s', { type: 'static', points: 100 }],
  ['l', { type: 'dynamic', initial: 500, decay: 40, minimum: 50, function: 'linear' }],
  ['g', { type: 'dynamic', initial: 400, decay: 6, minimum: 80, function: 'logarithmic' }],
]);

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

function sameStandings(live: ReturnType<typeof createLiveLedger>, facts: LedgerFacts) {
  for (const kind of ['players', 'teams'] as const) {
    const expected = computeStandings(facts, kind);
    for (const [id, standing] of expected) expect(live.standing(kind, id), `${kind} ${id}`).toEqual(standing);
    for (const [id, standing] of live.standings(kind)) {
      if (!expected.has(id)) expect(standing.score, `${kind} ${id}`).toBe(0);
    }
  }
}

describe('live ledger', () => {
  it('equals the recomputation from the facts after every solve, hint, bonus change and adjustment', () => {
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const isTeams = seed === 2;
      const solves: LedgerSolve[] = [];
      const hints: LedgerHint[] = [];
      let bonus = 0;
      const live = createLiveLedger({ scoring, solves: [], hints: [], adjustments: [], firstBloodBonus: 0 });
      const taken = new Set<string>();
      for (let step = 0; step < 200; step += 1) {
        const userId = `u${next(12)}`;
        const teamId = isTeams ? `t${next(4)}` : null;
        const challengeId = ['s', 'l', 'g'][next(3)]!;
        const what = next(10);
        if (what < 6) {
          const key = `${teamId ?? userId}:${challengeId}`;
          if (taken.has(key)) continue;
          taken.add(key);
          // Now and then a solve committed out of order (an earlier time arriving later).
          const solve = { id: step + 1, userId, teamId, challengeId, solvedAt: step - (next(5) === 0 ? 3 : 0) };
          solves.push(solve);
          expect(live.addSolve(solve)).toBe(true);
          expect(live.addSolve(solve)).toBe(false);
        } else if (what < 8) {
          const hint = { userId, teamId, challengeId, cost: next(60) };
          hints.push(hint);
          live.addHint(hint);
        } else if (what < 9) {
          bonus = next(3) * 10;
          live.setFirstBloodBonus(bonus);
        } else {
          live.setAdjustments([{ userId: isTeams ? null : userId, teamId, delta: next(50) - 20, at: step }]);
        }
        const facts = live.facts();
        expect(facts.solves.length).toBe(solves.length);
        sameStandings(live, { scoring, solves, hints, adjustments: facts.adjustments, firstBloodBonus: bonus });
      }
    }
  });

  it('moves only the solvers of the challenge solved', () => {
    const live = createLiveLedger({
      scoring,
      solves: [
        { id: 1, userId: 'a', teamId: null, challengeId: 's', solvedAt: 1 },
        { id: 2, userId: 'b', teamId: null, challengeId: 'l', solvedAt: 2 },
      ],
      hints: [],
      adjustments: [],
      firstBloodBonus: 0,
    });
    const a = live.standing('players', 'a');
    live.addSolve({ id: 3, userId: 'c', teamId: null, challengeId: 'l', solvedAt: 3 });
    expect(live.standing('players', 'a')).toBe(a);
    expect(live.standing('players', 'a')?.score).toBe(100);
    expect(live.standing('players', 'b')?.score).toBe(460);
    expect(live.standing('players', 'c')?.score).toBe(460);
  });

  it('moves the first-blood bonus to a solve committed out of order before the first one', () => {
    const live = createLiveLedger({
      scoring,
      solves: [{ id: 1, userId: 'a', teamId: null, challengeId: 's', solvedAt: 10 }],
      hints: [],
      adjustments: [],
      firstBloodBonus: 30,
    });
    expect(live.standing('players', 'a')?.score).toBe(130);
    live.addSolve({ id: 2, userId: 'b', teamId: null, challengeId: 's', solvedAt: 5 });
    expect(live.standing('players', 'b')?.score).toBe(130);
    expect(live.standing('players', 'a')?.score).toBe(100);
  });

  it('is built the same from facts in any order (a database gives them in its own)', () => {
    const next = random(7);
    const solves: LedgerSolve[] = Array.from({ length: 60 }, (_, i) => ({
      id: i + 1,
      userId: `u${i}`,
      teamId: null,
      challengeId: ['s', 'l', 'g'][i % 3]!,
      solvedAt: next(1000),
    }));
    const hints: LedgerHint[] = [{ userId: 'u4', teamId: null, challengeId: 'l', cost: 30 }];
    const facts = { scoring, solves, hints, adjustments: [], firstBloodBonus: 10 };
    const live = createLiveLedger({ ...facts, solves: [...solves].reverse() });
    sameStandings(live, facts);
    const held = live.facts().solves.filter((solve) => solve.challengeId === 'l');
    expect(held.map((solve) => solve.solvedAt)).toEqual(
      solves
        .filter((solve) => solve.challengeId === 'l')
        .map((solve) => solve.solvedAt)
        .sort((a, b) => a - b),
    );
  });

  it("previews a batch of solves as the ledger counts them once added: points, first blood, the solver's score", () => {
    for (const seed of [11, 12, 13, 14]) {
      const next = random(seed);
      const isTeams = seed % 2 === 0;
      const solves: LedgerSolve[] = [];
      const taken = new Set<string>();
      const newSolve = (id: number, challengeId: string): LedgerSolve | undefined => {
        const userId = `u${next(10)}`;
        // In team mode a player may have solved a challenge for another team (they left and solved again).
        const teamId = isTeams ? `t${next(4)}` : null;
        const key = `${teamId ?? userId}:${challengeId}`;
        if (taken.has(key)) return undefined;
        taken.add(key);
        return { id, userId, teamId, challengeId, solvedAt: id - (next(6) === 0 ? 2 : 0) };
      };
      for (let id = 1; id <= 24; id += 1) {
        const solve = newSolve(id, ['s', 'l', 'g'][next(3)]!);
        if (solve) solves.push(solve);
      }
      const hints: LedgerHint[] = Array.from({ length: 8 }, () => ({
        userId: `u${next(10)}`,
        teamId: isTeams ? `t${next(4)}` : null,
        challengeId: ['s', 'l', 'g'][next(3)]!,
        cost: next(80),
      }));
      const facts = { scoring, solves, hints, adjustments: [], firstBloodBonus: 10 * next(3) };
      for (const challengeId of ['s', 'l', 'g', 'new']) {
        const live = createLiveLedger(facts);
        // Four new solves: players who solved something already (in team mode, this challenge too) and newcomers.
        const batch: LedgerSolve[] = [];
        for (let i = 0; batch.length < 4; i += 1) {
          const userId = `u${(5 * i + seed) % 16}`;
          const teamId = isTeams ? `t${i % 4}` : null;
          if (taken.has(`${teamId ?? userId}:${challengeId}`)) continue;
          batch.push({ id: 100 + i, userId, teamId, challengeId, solvedAt: 100 });
        }
        const preview = live.previewSolves(challengeId, batch);
        const after = { ...facts, solves: [...solves, ...batch] };
        const valued = new Map(valueSolves(after).map((solve) => [solve.id, solve]));
        const scores = computeStandings(after, 'players');
        for (const solve of batch) {
          expect(preview.get(solve.id), `seed ${seed}, ${challengeId}, solve ${solve.id}`).toEqual({
            points: valued.get(solve.id)!.points,
            score: scores.get(solve.userId)!.score,
            isFirstBlood: valued.get(solve.id)!.isFirstBlood,
          });
        }
        // The preview leaves the ledger as it was.
        sameStandings(live, facts);
      }
    }
  });
});
