import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ChallengeList, mergeChallengeList } from '@drapeau/shared';

import { solves } from '../../db/schema/index.js';
import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { expectScoreInvariant, expectTeamScoreInvariant } from '../../../test/score-invariant.js';
import { deriveFlag } from '../challenges/flags/flag-check.js';

// docs/product.md#teams: in team mode a solve belongs to the team. A challenge is solved once per team, every member sees
// it solved, and the team's score is the sum of its solves' points (docs/decisions/016-teams.md).

let t: TestApp;
let admin: TestClient;
const flagOf = (id: string) => deriveFlag(t.config.instanceSecret!, id);
const DYNAMIC_FLAG = 'CTF{team_dynamic}';

type Player = Awaited<ReturnType<typeof registerPlayer>>;

/** A captain and the members who joined with the invite code; team names are unique per test. */
async function formTeam(name: string, size: number): Promise<{ id: string; members: Player[] }> {
  const members = await Promise.all(Array.from({ length: size }, () => registerPlayer(t.app)));
  const team = (await members[0]!.client.post('/api/teams', { name })).json<{ id: string; inviteCode: string }>();
  for (const member of members.slice(1))
    expect((await member.client.post('/api/teams/join', { code: team.inviteCode })).statusCode).toBe(200);
  return { id: team.id, members };
}
const submit = (player: Player, challengeId: string, flag = flagOf(challengeId)) =>
  player.client.post(`/api/challenges/${challengeId}/submit`, { flag });
const isSolvedFor = async (player: Player, challengeId: string) => {
  const list = mergeChallengeList((await player.client.get('/api/challenges')).json<ChallengeList>());
  const detail = (await player.client.get(`/api/challenges/${challengeId}`)).json<{ solved: boolean }>();
  const listed = list.find((c) => c.id === challengeId)!.solved;
  expect(detail.solved, `detail and list agree for ${challengeId}`).toBe(listed);
  return listed;
};
const teamPage = async (teamId: string) =>
  (await admin.get(`/api/teams/${teamId}`)).json<{
    score: number;
    solvedCount: number;
    members: { uid: string; points: number; solvedCount: number }[];
  }>();
const expectInvariants = async () => {
  await expectScoreInvariant(t);
  await expectTeamScoreInvariant(t.database, async (teamId) => (await teamPage(teamId)).score);
};
const solveRows = (challengeId: string) => t.database.db.select().from(solves).where(eq(solves.challengeId, challengeId));

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
  expect((await admin.patch('/api/admin/settings', { teams: { enabled: true, maxSize: 4 } })).statusCode).toBe(200);
  const created = await admin.post('/api/admin/challenges', {
    id: 'team-dynamic',
    title: { en: 'Team dynamic', fr: 'Dynamique en équipe' },
    description: { en: 'Its value falls with each team.', fr: 'Sa valeur baisse à chaque équipe.' },
    category: 'web-server',
    level: 'easy',
    scoring: { type: 'dynamic', initial: 500, decay: 10, minimum: 100, function: 'linear' },
    flags: [{ kind: 'static', matcher: 'exact', content: DYNAMIC_FLAG }],
  });
  expect(created.statusCode, created.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

describe('a solve in team mode', () => {
  it('is the team’s: a second member’s flag is answered "already solved by your team", with no solve and no points', async () => {
    const { id, members } = await formTeam('Once per team', 3);
    const [alice, bob, carol] = members as [Player, Player, Player];
    expect(await isSolvedFor(bob, 'dom-manipulation')).toBe(false);

    const first = await submit(alice, 'dom-manipulation');
    expect(first.json()).toMatchObject({ success: true, status: 'correct' });
    const points = first.json<{ points: number }>().points;
    expect(points).toBeGreaterThan(0);

    const second = await submit(bob, 'dom-manipulation');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ success: false, status: 'team_already_solved' });
    expect(second.json().message).toBe('Your team already solved this challenge.');
    // A wrong flag on it (the batched path) says the same.
    const wrong = await submit(carol, 'dom-manipulation', 'CTF{nope}');
    expect(wrong.json().status).toBe('team_already_solved');
    expect((await solveRows('dom-manipulation')).filter((s) => s.teamId === id)).toHaveLength(1);

    for (const member of members) expect(await isSolvedFor(member, 'dom-manipulation'), member.username).toBe(true);
    const page = await teamPage(id);
    expect(page).toMatchObject({ score: points, solvedCount: 1 });
    expect(page.members.map((m) => [m.uid, m.points, m.solvedCount])).toEqual([
      [alice.userId, points, 1],
      [bob.userId, 0, 0],
      [carol.userId, 0, 0],
    ]);
    await expectInvariants();
  });

  it('sums to the team’s score, each member’s solves counted once, and another team solves on its own', async () => {
    const { id, members } = await formTeam('Summed', 2);
    const [dave, erin] = members as [Player, Player];
    const a = (await submit(dave, 'caesar-cipher')).json<{ points: number }>();
    const b = (await submit(erin, 'hash-cracking')).json<{ points: number }>();
    const other = await formTeam('Other team', 1);
    expect((await submit(other.members[0]!, 'caesar-cipher')).json().status).toBe('correct');
    const page = await teamPage(id);
    expect(page.score).toBe(a.points + b.points);
    expect(page.members.map((m) => m.points)).toEqual([a.points, b.points]);
    expect(await isSolvedFor(other.members[0]!, 'hash-cracking')).toBe(false);
    await expectInvariants();
  });

  it('values a dynamic challenge by the number of teams that solved it, for every solving team', async () => {
    const first = await formTeam('Dynamic one', 2);
    const second = await formTeam('Dynamic two', 2);
    expect((await submit(first.members[0]!, 'team-dynamic', DYNAMIC_FLAG)).json().status).toBe('correct');
    expect((await submit(first.members[1]!, 'team-dynamic', DYNAMIC_FLAG)).json().status).toBe('team_already_solved');
    expect((await submit(second.members[1]!, 'team-dynamic', DYNAMIC_FLAG)).json().status).toBe('correct');
    // Two solves (one per team), not three: 500 − 10 for both teams.
    expect((await teamPage(first.id)).score).toBe(490);
    expect((await teamPage(second.id)).score).toBe(490);
    await expectInvariants();
  });
});

describe('leaving a team', () => {
  it('takes none of its solves: they stay with the team, and the player solves again in a new team', async () => {
    const { id, members } = await formTeam('Left behind', 2);
    const [frank, grace] = members as [Player, Player];
    const points = (await submit(grace, 'command-injection')).json<{ points: number }>().points;
    expect((await grace.client.post('/api/teams/mine/leave')).statusCode).toBe(200);
    expect(await isSolvedFor(grace, 'command-injection')).toBe(false);
    expect(await isSolvedFor(frank, 'command-injection')).toBe(true);
    expect((await teamPage(id)).score).toBe(points);

    expect((await grace.client.post('/api/teams', { name: 'Fresh start' })).statusCode).toBe(200);
    expect((await submit(grace, 'command-injection')).json().status).toBe('correct');
    expect((await teamPage(id)).score).toBe(points);
    await expectInvariants();

    // The last member leaving keeps the team with its solves, without a captain; whoever joins it next leads it.
    const code = (await frank.client.get('/api/teams/mine')).json().team.inviteCode as string;
    expect((await frank.client.post('/api/teams/mine/leave')).statusCode).toBe(200);
    expect(await teamPage(id)).toMatchObject({ score: points, members: [] });
    const heir = await registerPlayer(t.app);
    expect((await heir.client.post('/api/teams/join', { code })).json().members).toMatchObject([
      { uid: heir.userId, isCaptain: true },
    ]);
    expect(await isSolvedFor(heir, 'command-injection')).toBe(true);
  });

  it('a team without solves still ends when its last member leaves', async () => {
    const { id, members } = await formTeam('Short lived', 1);
    expect((await members[0]!.client.post('/api/teams/mine/leave')).statusCode).toBe(200);
    expect((await admin.get(`/api/teams/${id}`)).json().error.code).toBe('TEAM_NOT_FOUND');
  });
});

describe('two members sending the flag at once', () => {
  it('give exactly one solve', async () => {
    const { id, members } = await formTeam('Simultaneous', 4);
    const answers = await Promise.all(members.map((m) => submit(m, 'format-string')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().status === 'correct')).toHaveLength(1);
    expect(answers.filter((a) => a.json().status === 'team_already_solved')).toHaveLength(3);
    expect((await solveRows('format-string')).filter((s) => s.teamId === id)).toHaveLength(1);
    await expectInvariants();
  });
});

// PostgreSQL only (PGlite runs one statement at a time): both solves are made to wait inside their transactions, on a lock
// held by another connection on the team's row, then released together: the unique (team, challenge) constraint decides.
// The two members send through two instances on one database: one instance commits the correct flags of a challenge one
// batch at a time (docs/performance.md "Burst of correct flags"), so only two instances race in the database.
describe.runIf(process.env.DATABASE_URL)('two members at once on PostgreSQL, both inside their transactions', () => {
  it('give exactly one solve and one "already solved by your team"', async () => {
    const { id, members } = await formTeam('Raced', 2);
    const second = await buildTestApp({ database: t.database });
    const url = (t.database as { url?: string }).url!;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    const waiting = async () =>
      Number(
        (
          await holder.query<{ n: string }>(
            `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows[0]!.n,
      );
    try {
      await holder.query('begin');
      // A solve's foreign key on its team takes a key-share lock on the team's row: both wait here, having inserted their attempt.
      await holder.query(`select 1 from teams where id = $1 for update`, [id]);
      const answers = Promise.all([
        submit(members[0]!, 'invoice-idor'),
        second.app.inject({
          method: 'POST',
          url: '/api/challenges/invoice-idor/submit',
          payload: { flag: flagOf('invoice-idor') },
          headers: { cookie: `drapeau.session_token=${members[1]!.client.sessionToken()}` },
        }),
      ]);
      while ((await waiting()) < 2) {
        // both solves reach the lock
      }
      await holder.query('commit');
      const statuses = (await answers).map((a) => a.json().status).sort();
      expect(statuses).toEqual(['correct', 'team_already_solved']);
    } finally {
      await holder.end();
      await second.close();
    }
    expect((await solveRows('invoice-idor')).filter((s) => s.teamId === id)).toHaveLength(1);
    await expectInvariants();
  });
});

describe('the leaderboard in team mode', () => {
  type Page = {
    isTeams?: boolean;
    total: number;
    entries: { uid: string; username: string; score: number; solvedCount: number }[];
  };
  const search = async (player: Player, text: string) =>
    (await player.client.get(`/api/leaderboard?search=${encodeURIComponent(text)}`)).json<Page>();

  it('ranks teams by the sum of their solves, served from memory and found by name', async () => {
    const leaders = await formTeam('Board leaders', 2);
    const chasers = await formTeam('Board chasers', 1);
    // A new team is on the board at once (the team event rebuilds the standings), with no points.
    expect((await search(chasers.members[0]!, 'board chasers')).entries).toMatchObject([
      { uid: chasers.id, username: 'Board chasers', score: 0, solvedCount: 0 },
    ]);
    const a = (await submit(leaders.members[0]!, 'vigenere-cipher')).json<{ points: number }>().points;
    const b = (await submit(leaders.members[1]!, 'xor-encryption')).json<{ points: number }>().points;
    expect((await submit(chasers.members[0]!, 'vigenere-cipher')).json().status).toBe('correct');

    const found = await search(chasers.members[0]!, 'BOARD');
    expect(found.isTeams).toBe(true);
    expect(found.entries.map((e) => [e.uid, e.score, e.solvedCount])).toEqual([
      [leaders.id, a + b, 2],
      [chasers.id, a, 1],
    ]);
    // No player is ranked in team mode: a member's name finds nothing.
    expect((await search(chasers.members[0]!, leaders.members[0]!.username)).total).toBe(0);
    const board = (await chasers.members[0]!.client.get('/api/leaderboard')).json<Page>();
    expect(board.isTeams).toBe(true);
    const positions = board.entries.map((e) => e.score);
    expect(positions).toEqual([...positions].sort((x, y) => y - x));
    // The board's scores are the teams' pages' scores, the sums of their solves.
    const scoreOnBoard = new Map(board.entries.map((e) => [e.uid, e.score]));
    await expectTeamScoreInvariant(t.database, async (teamId) => scoreOnBoard.get(teamId) ?? -1);

    // A renamed team is found by its new name.
    expect((await chasers.members[0]!.client.patch('/api/teams/mine', { name: 'Renamed chasers' })).statusCode).toBe(200);
    expect((await search(chasers.members[0]!, 'renamed')).entries.map((e) => e.uid)).toEqual([chasers.id]);
  });
});
