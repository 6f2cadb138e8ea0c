import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
  const on = await admin.patch('/api/admin/settings', { teams: { enabled: true, maxSize: 3 } });
  expect(on.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

type Player = Awaited<ReturnType<typeof registerPlayer>>;
let counter = 0;
const uniqueName = (prefix: string) => `${prefix} ${process.pid % 1000}-${(counter += 1)}`;

async function teamOf(captain: Player, name = uniqueName('Team')) {
  const response = await captain.client.post('/api/teams', { name });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; name: string; inviteCode: string }>();
}

describe('creating and joining a team', () => {
  it('makes the creator captain and lets another player join with the invite code', async () => {
    const alice = await registerPlayer(t.app);
    const bob = await registerPlayer(t.app);
    const team = await teamOf(alice, uniqueName('Les Drapeaux'));
    expect(team.inviteCode).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const joined = await bob.client.post('/api/teams/join', { code: team.inviteCode });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().members).toEqual([
      expect.objectContaining({ uid: alice.userId, username: alice.username, isCaptain: true }),
      expect.objectContaining({ uid: bob.userId, username: bob.username, isCaptain: false }),
    ]);
    const mine = (await bob.client.get('/api/teams/mine')).json();
    expect(mine).toMatchObject({ isTeamMode: true, team: { id: team.id, inviteCode: team.inviteCode, maxSize: 3 } });
  });

  it('refuses a name taken whatever its case, a second team, a wrong code, joining twice and a full team', async () => {
    const [a, b, c, d, e] = await Promise.all(Array.from({ length: 5 }, () => registerPlayer(t.app)));
    const team = await teamOf(a!, uniqueName('Rouge'));
    const taken = await b!.client.post('/api/teams', { name: `  ${team.name.toUpperCase()} ` });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('TEAM_NAME_TAKEN');
    const second = await a!.client.post('/api/teams', { name: uniqueName('Other') });
    expect(second.json().error.code).toBe('ALREADY_IN_TEAM');

    const wrong = await b!.client.post('/api/teams/join', { code: 'not-a-code' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.code).toBe('TEAM_INVITE_INVALID');
    expect((await b!.client.post('/api/teams/join', { code: team.inviteCode })).statusCode).toBe(200);
    const twice = await b!.client.post('/api/teams/join', { code: team.inviteCode });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_IN_TEAM');
    expect((await c!.client.post('/api/teams/join', { code: team.inviteCode })).statusCode).toBe(200);
    const full = await d!.client.post('/api/teams/join', { code: team.inviteCode });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('TEAM_FULL');
    // The one who could not join is in no team and can still create one.
    expect((await d!.client.get('/api/teams/mine')).json().team).toBeNull();
    expect((await e!.client.post('/api/teams', { name: 'x' })).statusCode).toBe(400);
  });

  it('lets exactly as many players in as there are places when they join at once', async () => {
    const captain = await registerPlayer(t.app);
    const team = await teamOf(captain);
    const joiners = await Promise.all(Array.from({ length: 5 }, () => registerPlayer(t.app)));
    const answers = await Promise.all(joiners.map((p) => p.client.post('/api/teams/join', { code: team.inviteCode })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => r.json().error.code)).toEqual([
      'TEAM_FULL',
      'TEAM_FULL',
      'TEAM_FULL',
    ]);
    expect((await captain.client.get(`/api/teams/${team.id}`)).json().members).toHaveLength(3);
  });

  it('keeps a player in one team when they create and join at once', async () => {
    const player = await registerPlayer(t.app);
    const other = await teamOf(await registerPlayer(t.app));
    const answers = await Promise.all([
      player.client.post('/api/teams', { name: uniqueName('Race') }),
      player.client.post('/api/teams/join', { code: other.inviteCode }),
      player.client.post('/api/teams', { name: uniqueName('Race') }),
    ]);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 200)) expect(r.json().error.code).toBe('ALREADY_IN_TEAM');
  });

  it('limits join attempts, so that invite codes cannot be found by trying', async () => {
    const player = await registerPlayer(t.app);
    const codes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => player.client.post('/api/teams/join', { code: `guess-${i}` })),
    );
    expect(codes.filter((r) => r.statusCode === 404)).toHaveLength(10);
    const limited = codes.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(2);
    expect(limited[0]!.json().error.code).toBe('RATE_LIMITED');
  });

  it('answers 400 to bad input and 401 to anonymous callers', async () => {
    const player = await registerPlayer(t.app);
    expect((await player.client.post('/api/teams', { name: 'a'.repeat(33) })).statusCode).toBe(400);
    expect((await player.client.post('/api/teams', {})).statusCode).toBe(400);
    expect((await player.client.post('/api/teams/join', { code: '' })).statusCode).toBe(400);
    expect((await player.client.post('/api/teams/mine/captain', { userId: 7 })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/teams/mine' })).statusCode).toBe(401);
  });
});

describe('the captain', () => {
  it('renames the team, draws a new code, removes a member and hands over the captaincy', async () => {
    const [cap, m1, m2] = await Promise.all(Array.from({ length: 3 }, () => registerPlayer(t.app)));
    const team = await teamOf(cap!);
    await m1!.client.post('/api/teams/join', { code: team.inviteCode });

    const newName = uniqueName('Bleu');
    expect((await cap!.client.patch('/api/teams/mine', { name: newName })).json().name).toBe(newName);
    const other = await teamOf(await registerPlayer(t.app));
    const taken = await cap!.client.patch('/api/teams/mine', { name: other.name.toLowerCase() });
    expect(taken.json().error.code).toBe('TEAM_NAME_TAKEN');

    const fresh = (await cap!.client.post('/api/teams/mine/invite-code')).json().inviteCode;
    expect(fresh).not.toBe(team.inviteCode);
    expect((await m2!.client.post('/api/teams/join', { code: team.inviteCode })).json().error.code).toBe('TEAM_INVITE_INVALID');
    expect((await m2!.client.post('/api/teams/join', { code: fresh })).statusCode).toBe(200);

    const removed = await cap!.client.delete(`/api/teams/mine/members/${m2!.userId}`);
    expect(removed.json().members.map((m: { uid: string }) => m.uid)).toEqual([cap!.userId, m1!.userId]);
    expect((await m2!.client.get('/api/teams/mine')).json().team).toBeNull();
    const outsider = await cap!.client.delete(`/api/teams/mine/members/${m2!.userId}`);
    expect(outsider.json().error.code).toBe('NOT_TEAM_MEMBER');
    const foreign = await cap!.client.post('/api/teams/mine/captain', { userId: m2!.userId });
    expect(foreign.json().error.code).toBe('NOT_TEAM_MEMBER');

    const handed = await cap!.client.post('/api/teams/mine/captain', { userId: m1!.userId });
    expect(handed.json().members).toEqual([
      expect.objectContaining({ uid: cap!.userId, isCaptain: false }),
      expect.objectContaining({ uid: m1!.userId, isCaptain: true }),
    ]);
  });

  it('is the only one who can change the team', async () => {
    const [cap, member] = await Promise.all(Array.from({ length: 2 }, () => registerPlayer(t.app)));
    const team = await teamOf(cap!);
    await member!.client.post('/api/teams/join', { code: team.inviteCode });
    for (const response of [
      await member!.client.patch('/api/teams/mine', { name: uniqueName('Coup') }),
      await member!.client.post('/api/teams/mine/invite-code'),
      await member!.client.delete(`/api/teams/mine/members/${cap!.userId}`),
      await member!.client.post('/api/teams/mine/captain', { userId: member!.userId }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('NOT_TEAM_CAPTAIN');
    }
    const page = (await cap!.client.get(`/api/teams/${team.id}`)).json();
    expect(page).toMatchObject({ name: team.name, members: [{ uid: cap!.userId, isCaptain: true }, { isCaptain: false }] });
    const loner = await registerPlayer(t.app);
    expect((await loner.client.post('/api/teams/mine/invite-code')).json().error.code).toBe('NOT_IN_TEAM');
  });
});

describe('leaving a team', () => {
  it('asks a captain with members to hand over first; the last member leaving ends the team', async () => {
    const [cap, member] = await Promise.all(Array.from({ length: 2 }, () => registerPlayer(t.app)));
    const team = await teamOf(cap!);
    await member!.client.post('/api/teams/join', { code: team.inviteCode });
    const blocked = await cap!.client.post('/api/teams/mine/leave');
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.code).toBe('CAPTAIN_MUST_HAND_OVER');
    expect((await member!.client.post('/api/teams/mine/leave')).statusCode).toBe(200);
    expect((await member!.client.get('/api/teams/mine')).json().team).toBeNull();
    expect((await member!.client.post('/api/teams/mine/leave')).json().error.code).toBe('NOT_IN_TEAM');
    expect((await cap!.client.post('/api/teams/mine/leave')).statusCode).toBe(200);
    expect((await member!.client.get(`/api/teams/${team.id}`)).json().error.code).toBe('TEAM_NOT_FOUND');
    // The name is free again.
    expect((await member!.client.post('/api/teams', { name: team.name })).statusCode).toBe(200);
  });
});
