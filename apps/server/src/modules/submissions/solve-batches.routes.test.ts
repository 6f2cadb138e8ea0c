import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { solves } from '../../db/schema/index.js';
import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { expectScoreInvariant } from '../../../test/score-invariant.js';

// docs/performance.md "Burst of correct flags": correct flags of one challenge that arrive while one of its batches
// commits wait, then commit together in one transaction. Each must get the answer it would get alone: its points, first
// blood only for the earliest solve, its own new badges, already solved for a second flag of the same player, and one
// failing flag must not fail the others of its batch. The tests hold the first flag in the database (a row lock on
// PostgreSQL, the one connection on PGlite) until the others are counted as waiting, so that they form one batch.

type Player = Awaited<ReturnType<typeof registerPlayer>>;
interface Answer {
  status: string;
  points?: number;
  score?: number;
  newBadges?: string[];
}

const METRICS_TOKEN = 'solve-batches-metrics-token';
const FLAG = 'CTF{solved_together}';
const BONUS = 7;
const TRAINING = { mode: 'training', startsAt: null, endsAt: null, freezeAt: null, allowPracticeAfterEnd: false };

let t: TestApp;
let admin: TestClient;

const createChallenge = async (id: string, points: number) => {
  const created = await admin.post('/api/admin/challenges', {
    id,
    title: { en: `Together ${id}`, fr: `Ensemble ${id}` },
    description: { en: 'Solved by many at once.', fr: 'Résolu par beaucoup d’un coup.' },
    category: 'web-server',
    level: 'easy',
    scoring: { type: 'static', points },
    flags: [{ kind: 'static', matcher: 'exact', content: FLAG }],
  });
  expect(created.statusCode, created.body).toBe(201);
};

/** Registered players whose session and progress the server already holds in memory (as after their first page). */
const warmPlayers = async (count: number): Promise<Player[]> => {
  const players = await Promise.all(Array.from({ length: count }, () => registerPlayer(t.app)));
  for (const player of players) expect((await player.client.get('/api/challenges')).statusCode).toBe(200);
  return players;
};

const submit = (player: Player, id: string) => player.client.post(`/api/challenges/${id}/submit`, { flag: FLAG });

const metric = async (name: string): Promise<number> => {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = response.body.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1] ?? Number.NaN);
};
const waitingFlags = () => metric('drapeau_correct_flags_waiting');
/** Batches that failed and ran again flag by flag: an operator's sign that a burst went one flag at a time. */
const retriedBatches = () => metric('drapeau_correct_flag_batches_retried_total');

const databaseUrl = () => (t.database as { url?: string }).url;

/**
 * On PostgreSQL, holds every solve of challenge `id` in the database until `release`: another transaction locks its row
 * (a solve's attempt takes a key-share lock on it). PGlite has one connection that the requests' own reads also need:
 * there the flags are sent at once and grouped as they arrive.
 */
async function holdSolves(id: string): Promise<{ release: () => Promise<void>; blocked: () => Promise<void> } | undefined> {
  const url = databaseUrl();
  if (!url) return undefined;
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  await holder.query('begin');
  await holder.query('select 1 from challenges where id = $1 for update', [id]);
  return {
    release: async () => {
      await holder.query('commit');
      await holder.end();
    },
    /** Until a transaction waits for the held row: the first flag's batch has started, and waits in the database. */
    blocked: async () => {
      const waiting = async () =>
        Number(
          (
            await holder.query<{ n: string }>(
              'select count(*) as n from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))',
            )
          ).rows[0]!.n,
        );
      while ((await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    },
  };
}

/**
 * Sends `first` alone while the challenge is held, then `batch`, waits until the server counts them all as waiting behind
 * the first (they form one batch, in the order sent), and releases. Answers in the order sent.
 */
async function sendAsOneBatch(id: string, first: Player, batch: Player[]): Promise<{ first: Answer; batch: Answer[] }> {
  const held = await holdSolves(id);
  const release = held?.release;
  const firstAnswer = submit(first, id);
  let answers: Promise<Answer>[] = [];
  try {
    // A batch starts one turn of the event loop after its first flag: the others would join it.
    await held?.blocked();
    answers = batch.map(async (player) => (await submit(player, id)).json<Answer>());
    if (release) {
      while ((await waitingFlags()) < batch.length) {
        // the first flag's batch waits in the database, the others in the server (yield: their I/O must run)
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(await waitingFlags()).toBe(batch.length);
    }
  } finally {
    await release?.();
  }
  return { first: (await firstAnswer).json<Answer>(), batch: await Promise.all(answers) };
}

/** Makes every solve by `userId` fail in the database, as a broken row would. */
async function failSolvesOf(userId: string): Promise<void> {
  await t.database.db.execute(sql`create or replace function fail_marked_solve() returns trigger language plpgsql as $$
    begin raise exception 'this solve fails'; end $$`);
  await t.database.db.execute(
    sql.raw(`create trigger fail_solve_${userId.replace(/\W/g, '_')} before insert on solves for each row
      when (new.user_id = '${userId.replace(/'/g, "''")}') execute function fail_marked_solve()`),
  );
}

beforeAll(async () => {
  t = await buildTestApp({ env: { METRICS_TOKEN } });
  admin = await loginAdmin(t.app);
  const bonus = await admin.patch('/api/admin/settings', { event: { ...TRAINING, firstBloodBonus: BONUS } });
  expect(bonus.statusCode, bonus.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('correct flags of one challenge committed as one batch', () => {
  it('gives first blood to the earliest solve only, each player their own badges, and already solved to a second flag', async () => {
    await createChallenge('together-first', 90);
    // The first flag fails in the database: the batch behind it then holds the challenge's first solve.
    const [failing, ...players] = await warmPlayers(6);
    await failSolvesOf(failing!.userId);
    // Player 0 sends twice in the same batch.
    const { first, batch } = await sendAsOneBatch('together-first', failing!, [...players, players[0]!]);
    expect(first.status).toBeUndefined();

    // One of player 0's two flags is their solve (in one batch, the first sent), the other is already solved.
    if (databaseUrl() === undefined && batch[0]!.status === 'already_solved') batch.unshift(...batch.splice(5, 1));
    expect(batch.map((a) => a.status)).toEqual([...players.map(() => 'correct'), 'already_solved']);
    const rows = await t.database.db.select().from(solves).where(eq(solves.challengeId, 'together-first')).orderBy(solves.id);
    expect(rows).toHaveLength(5);
    // The batch's order is the order of the solves: the earliest is the first blood, with the bonus; nobody else has it.
    const firstSolver = players.findIndex((p) => p.userId === rows[0]!.userId);
    batch.slice(0, 5).forEach((answer, index) => {
      const points = index === firstSolver ? 90 + BONUS : 90;
      expect(answer).toMatchObject({ status: 'correct', points, score: points, newBadges: ['first-blood'] });
    });
    expect(batch.filter((a) => a.points === 90 + BONUS)).toHaveLength(1);
    expect(batch[5]!.newBadges ?? []).toEqual([]);
    for (const player of players) {
      const me = (await player.client.get('/api/auth/session')).json<{ user: { score: number } }>().user;
      expect(me.score).toBe(player === players[firstSolver] ? 90 + BONUS : 90);
    }
    await expectScoreInvariant(t);
  });

  it('answers a failing flag alone: the others of its batch are solved as if it were not there', async () => {
    await createChallenge('together-failing', 50);
    const [firstSolver, ...players] = await warmPlayers(5);
    const failing = players[2]!;
    await failSolvesOf(failing.userId);
    const retriedBefore = await retriedBatches();
    const { first, batch } = await sendAsOneBatch('together-failing', firstSolver!, players);
    expect(await retriedBatches()).toBe(retriedBefore + 1);
    expect(first).toMatchObject({ status: 'correct', points: 50 + BONUS });
    batch.forEach((answer, index) => {
      if (players[index] === failing) expect(answer.status).toBeUndefined();
      else expect(answer).toMatchObject({ status: 'correct', points: 50, score: 50, newBadges: ['first-blood'] });
    });
    const solvers = (await t.database.db.select().from(solves).where(eq(solves.challengeId, 'together-failing'))).map(
      (row) => row.userId,
    );
    expect(solvers.sort()).toEqual(
      [firstSolver!, ...players]
        .filter((p) => p !== failing)
        .map((p) => p.userId)
        .sort(),
    );
    await expectScoreInvariant(t);
  });

  it('awards each player of a batch the badges their own solves and score earn', async () => {
    await createChallenge('together-second', 95);
    await createChallenge('together-third', 10);
    const [firstSolver, ...players] = await warmPlayers(5);
    // Player 0 has no solve yet; the others 95 each, and 102 for the first blood (already at the century club's 100).
    const before = [0];
    for (const player of players.slice(1)) before.push((await submit(player, 'together-second')).json<Answer>().score!);
    expect(before).toEqual([0, 102, 95, 95]);
    const { batch } = await sendAsOneBatch('together-third', firstSolver!, players);
    const expected = [['first-blood'], [], ['century-club'], ['century-club']];
    batch.forEach((answer, index) => {
      expect(answer).toMatchObject({ status: 'correct', points: 10, score: before[index]! + 10, newBadges: expected[index] });
    });
    await expectScoreInvariant(t);
  });
});

describe('correct flags on several challenges at once', () => {
  it('solves every one, with one first blood per challenge, and an answer seen committed', async () => {
    const ids = ['spread-a', 'spread-b', 'spread-c'];
    for (const id of ids) await createChallenge(id, 30);
    const players = await warmPlayers(12);
    const sent = players.map((player, index) => ({ player, id: ids[index % ids.length]! }));
    const answers = await Promise.all(
      sent.map(async ({ player, id }) => {
        const answer = (await submit(player, id)).json<Answer>();
        // Answered only once committed: the solve is there for any reader.
        const [row] = await t.database.db.select().from(solves).where(eq(solves.userId, player.userId));
        return { answer, committed: row?.challengeId === id };
      }),
    );
    expect(answers.map((a) => a.committed)).toEqual(sent.map(() => true));
    for (const id of ids) {
      const mine = answers.filter((_, index) => sent[index]!.id === id).map((a) => a.answer);
      expect(mine.map((a) => a.status)).toEqual([1, 2, 3, 4].map(() => 'correct'));
      expect(mine.map((a) => a.points).sort()).toEqual([30, 30, 30, 30 + BONUS]);
      const rows = await t.database.db.select().from(solves).where(eq(solves.challengeId, id)).orderBy(solves.id);
      const firstBlood = players.findIndex((p) => p.userId === rows[0]!.userId);
      expect(answers[firstBlood]!.answer.points).toBe(30 + BONUS);
    }
    await expectScoreInvariant(t);
  });
});
