import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { hintUnlocks } from '../../../db/schema/index.js';
import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../../test/build-test-app.js';
import { expectScoreInvariant, expectTeamScoreInvariant } from '../../../../test/score-invariant.js';

// docs/decisions/016-teams.md: in team mode a hint opened by any member is open for the whole team, charged once, and its
// cost comes off the team's solve of the challenge, whoever solves it (the rule of docs/product.md#scoring). Runs on
// PostgreSQL too (Promise.all): two members opening a hint at once, or opening it while another solves.

let t: TestApp;
let admin: TestClient;
type Player = Awaited<ReturnType<typeof registerPlayer>>;
const FLAG = 'CTF{team_hints}';
const POINTS = 100;
const COSTS = [10, 25];

async function formTeam(name: string, size: number): Promise<{ id: string; members: Player[] }> {
  const members = await Promise.all(Array.from({ length: size }, () => registerPlayer(t.app)));
  const team = (await members[0]!.client.post('/api/teams', { name })).json<{ id: string; inviteCode: string }>();
  for (const member of members.slice(1))
    expect((await member.client.post('/api/teams/join', { code: team.inviteCode })).statusCode).toBe(200);
  return { id: team.id, members };
}
let created = 0;
/** A fresh static challenge with two costly hints, so that each test starts from no solve. */
async function hintedChallenge(): Promise<{ id: string; hintIds: number[] }> {
  const id = `team-hinted-${++created}`;
  const answer = await admin.post('/api/admin/challenges', {
    id,
    title: { en: 'Hinted', fr: 'Avec indices' },
    description: { en: 'Two hints.', fr: 'Deux indices.' },
    category: 'web-server',
    level: 'easy',
    scoring: { type: 'static', points: POINTS },
    hints: COSTS.map((cost, i) => ({ content: { en: `Hint ${i}`, fr: `Indice ${i}` }, cost })),
    flags: [{ kind: 'static', matcher: 'exact', content: FLAG }],
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const player = await registerPlayer(t.app);
  const detail = (await player.client.get(`/api/challenges/${id}`)).json<{ hints: { id: number }[] }>();
  return { id, hintIds: detail.hints.map((h) => h.id) };
}
const openHint = (player: Player, challengeId: string, hintId: number) =>
  player.client.post(`/api/challenges/${challengeId}/hints/${hintId}/open`, {});
const submit = (player: Player, challengeId: string) =>
  player.client.post(`/api/challenges/${challengeId}/submit`, { flag: FLAG });
const teamScore = async (teamId: string) => (await admin.get(`/api/teams/${teamId}`)).json<{ score: number }>().score;
const scoreOf = async (player: Player) => (await player.client.get('/api/auth/session')).json().user.score as number;
const hintsSeenBy = async (player: Player, challengeId: string) =>
  (await player.client.get(`/api/challenges/${challengeId}`)).json<{ hints: { isOpened: boolean; content?: unknown }[] }>().hints;
const unlockRows = async (challengeId: string) =>
  (await t.database.db.select().from(hintUnlocks).where(eq(hintUnlocks.challengeId, challengeId))).length;
const expectInvariants = async () => {
  await expectScoreInvariant(t);
  await expectTeamScoreInvariant(t.database, teamScore);
};

let soloHinted: { id: string; hintIds: number[] };
let soloOpener: Player;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
  // A hint opened in solo mode, before team mode is switched on (possible while nothing is solved).
  soloHinted = await hintedChallenge();
  soloOpener = await registerPlayer(t.app);
  expect((await openHint(soloOpener, soloHinted.id, soloHinted.hintIds[0]!)).statusCode).toBe(200);
  expect((await admin.patch('/api/admin/settings', { teams: { enabled: true, maxSize: 4 } })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('hints in team mode', () => {
  it('opened by one member are open for every member, charged once, off the solve of whoever solves', async () => {
    const { id, hintIds } = await hintedChallenge();
    const team = await formTeam('Hint sharers', 3);
    const [alice, bob, carol] = team.members as [Player, Player, Player];
    const opened = await openHint(alice, id, hintIds[0]!);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().pointsIfSolved).toBe(POINTS - COSTS[0]!);

    const seen = await hintsSeenBy(bob, id);
    expect(seen[0]).toMatchObject({ isOpened: true, content: { en: 'Hint 0', fr: 'Indice 0' } });
    expect(seen[1]).toMatchObject({ isOpened: false, content: null });
    // Opening it again, as another member: its content, no second charge.
    const again = await openHint(carol, id, hintIds[0]!);
    expect(again.json()).toMatchObject({ hint: { isOpened: true }, pointsIfSolved: POINTS - COSTS[0]! });
    expect(await unlockRows(id)).toBe(1);

    const solved = await submit(bob, id);
    expect(solved.json()).toMatchObject({ status: 'correct', points: POINTS - COSTS[0]! });
    expect(await teamScore(team.id)).toBe(POINTS - COSTS[0]!);
    expect([await scoreOf(alice), await scoreOf(bob)]).toEqual([0, POINTS - COSTS[0]!]);

    // Another team opened nothing: full value.
    const other = await formTeam('No hints', 1);
    expect((await hintsSeenBy(other.members[0]!, id))[0]!.isOpened).toBe(false);
    expect((await submit(other.members[0]!, id)).json().points).toBe(POINTS);
    await expectInvariants();
  });

  it('opened after the team solved lower the team’s solve once, as in solo mode, whoever of them opens it', async () => {
    const { id, hintIds } = await hintedChallenge();
    const team = await formTeam('Late readers', 2);
    const [solver, reader] = team.members as [Player, Player];
    expect((await submit(solver, id)).json().points).toBe(POINTS);
    const opened = await openHint(reader, id, hintIds[1]!);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await teamScore(team.id)).toBe(POINTS - COSTS[1]!);
    // The solve is the solver's: their score moves, the reader's does not.
    expect([await scoreOf(solver), await scoreOf(reader)]).toEqual([POINTS - COSTS[1]!, 0]);
    expect((await openHint(solver, id, hintIds[1]!)).statusCode).toBe(200);
    expect(await teamScore(team.id)).toBe(POINTS - COSTS[1]!);
    await expectInvariants();
  });

  it('are refused to a player in no team (403 TEAM_REQUIRED), and stay with the team a member leaves', async () => {
    const { id, hintIds } = await hintedChallenge();
    const loner = await registerPlayer(t.app);
    const refused = await openHint(loner, id, hintIds[0]!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TEAM_REQUIRED');

    const team = await formTeam('Left behind', 2);
    const [stayer, mover] = team.members as [Player, Player];
    expect((await openHint(mover, id, hintIds[0]!)).statusCode).toBe(200);
    expect((await mover.client.post('/api/teams/mine/leave')).statusCode).toBe(200);
    const next = await formTeam('New home', 1);
    const code = (await next.members[0]!.client.get('/api/teams/mine')).json().team.inviteCode as string;
    expect((await mover.client.post('/api/teams/join', { code })).statusCode).toBe(200);
    // The hint stays opened for the team it was opened for, not for the mover's new one.
    expect((await hintsSeenBy(mover, id))[0]!.isOpened).toBe(false);
    expect((await submit(mover, id)).json().points).toBe(POINTS);
    expect((await submit(stayer, id)).json().points).toBe(POINTS - COSTS[0]!);
    await expectInvariants();
  });
});

describe('hints opened before team mode', () => {
  it('are not the team’s: the opener’s team sees it closed, and its solve costs nothing for it', async () => {
    expect((await soloOpener.client.post('/api/teams', { name: 'Fresh start' })).statusCode).toBe(200);
    expect((await hintsSeenBy(soloOpener, soloHinted.id))[0]!.isOpened).toBe(false);
    expect((await submit(soloOpener, soloHinted.id)).json().points).toBe(POINTS);
    await expectInvariants();
  });
});

describe('concurrent hints in team mode', () => {
  it('charge once when two members open the same hint at once on a solved challenge', async () => {
    const { id, hintIds } = await hintedChallenge();
    const teams = await Promise.all([1, 2, 3].map((n) => formTeam(`Twin openers ${n}`, 3)));
    for (const team of teams) expect((await submit(team.members[0]!, id)).json().status).toBe('correct');
    const answers = await Promise.all(
      teams.flatMap((team) => team.members.slice(1).map((member) => openHint(member, id, hintIds[1]!))),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    for (const team of teams) expect(await teamScore(team.id)).toBe(POINTS - COSTS[1]!);
    expect(await unlockRows(id)).toBe(teams.length);
    await expectInvariants();
  });

  it('give a consistent score when a member opens a hint while another solves', async () => {
    const { id, hintIds } = await hintedChallenge();
    const teams = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => formTeam(`Racers ${n}`, 2)));
    const answers = await Promise.all(
      teams.flatMap((team) => [submit(team.members[0]!, id), openHint(team.members[1]!, id, hintIds[0]!)]),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    // Whichever came first, the hint is counted once against the team's solve.
    for (const team of teams) expect(await teamScore(team.id)).toBe(POINTS - COSTS[0]!);
    await expectInvariants();
  });
});

// PostgreSQL only: two instances on one database, told of each other's changes through LISTEN/NOTIFY (the event bus).
describe.runIf(process.env.DATABASE_URL)('hints opened through another instance', () => {
  it('show as opened on every instance, for the opener and their team', async () => {
    const { id, hintIds } = await hintedChallenge();
    const team = await formTeam('Two doors', 2);
    const [alice, bob] = team.members as [Player, Player];
    const second = await buildTestApp({ database: t.database });
    const openedOnSecond = async (player: Player) =>
      (
        await second.app.inject({
          method: 'GET',
          url: `/api/challenges/${id}`,
          headers: { cookie: `drapeau.session_token=${player.client.sessionToken()}` },
        })
      )
        .json<{ hints: { isOpened: boolean }[] }>()
        .hints.map((h) => h.isOpened);
    try {
      // Both members' progress is now in the second instance's memory, with no hint opened.
      expect(await openedOnSecond(alice)).toEqual([false, false]);
      expect(await openedOnSecond(bob)).toEqual([false, false]);
      expect((await openHint(alice, id, hintIds[0]!)).statusCode).toBe(200);
      await expect.poll(() => openedOnSecond(bob), { timeout: 15_000 }).toEqual([true, false]);
      expect(await openedOnSecond(alice)).toEqual([true, false]);
    } finally {
      await second.close();
    }
  });
});

describe('badges in team mode', () => {
  it('go to the member who made the solve, never to the others, and never twice', async () => {
    const { id } = await hintedChallenge();
    const second = await hintedChallenge();
    const team = await formTeam('Badge holders', 2);
    const [solver, teammate] = team.members as [Player, Player];
    const badgesOf = async (player: Player) =>
      (await player.client.get(`/api/users/${player.userId}`)).json<{ badges: string[] }>().badges;

    const first = await submit(solver, id);
    const earned = first.json<{ newBadges: string[] }>().newBadges.sort();
    expect(earned).toContain('first-blood');
    expect((await submit(teammate, id)).json()).toMatchObject({ status: 'team_already_solved' });
    expect((await badgesOf(solver)).sort()).toEqual(earned);
    expect(await badgesOf(teammate)).toEqual([]);

    // The teammate earns their own with a solve of their own; the solver's badges are not given again.
    expect((await submit(teammate, second.id)).json().newBadges.sort()).toEqual(earned);
    expect((await badgesOf(teammate)).sort()).toEqual(earned);
    expect((await badgesOf(solver)).sort()).toEqual(earned);

    // Badges count the solves a member made, not the team's: five team solves, four of them the solver's, give the
    // five-solve badge to nobody; the solver's fifth gives it to them alone.
    for (let i = 0; i < 3; i++) expect((await submit(solver, (await hintedChallenge()).id)).json().status).toBe('correct');
    expect(await badgesOf(solver)).not.toContain('pentester');
    expect(await badgesOf(teammate)).not.toContain('pentester');
    expect((await submit(solver, (await hintedChallenge()).id)).json().newBadges).toContain('pentester');
    expect(await badgesOf(teammate)).not.toContain('pentester');
  });
});
