import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../../test/build-test-app.js';
import { eventsUntil } from '../../../../test/sse.js';

import { derivePerTeamFlag, derivePerUserFlag } from './flag-check.js';

// docs/decisions/016-teams.md: in team mode a per-user flag is the team's. Every member finds the same one, in the files
// they download, the labs and the submission check; another team's is refused and reported as a shared flag.

let t: TestApp;
let admin: TestClient;
let baseUrl: string;
type Player = Awaited<ReturnType<typeof registerPlayer>>;
const LAB = 'sql-injection-extraction';
const FILE = 'caesar-cipher';
const AUTHORED = 'team-per-user';

const teamFlag = (challengeId: string, teamId: string) => derivePerTeamFlag(t.config.instanceSecret!, challengeId, teamId);
const userFlag = (challengeId: string, userId: string) => derivePerUserFlag(t.config.instanceSecret!, challengeId, userId);

async function formTeam(name: string, size: number): Promise<{ id: string; members: Player[] }> {
  // One after the other: nothing here depends on the database engine (no PostgreSQL pass needed, scripts/test.mjs).
  const members: Player[] = [];
  for (let i = 0; i < size; i++) members.push(await registerPlayer(t.app));
  const team = (await members[0]!.client.post('/api/teams', { name })).json<{ id: string; inviteCode: string }>();
  for (const member of members.slice(1))
    expect((await member.client.post('/api/teams/join', { code: team.inviteCode })).statusCode).toBe(200);
  return { id: team.id, members };
}
const labFlag = async (player: Player) => {
  const answer = await player.client.post(`/api/challenges/${LAB}/lab`, {
    action: 'login',
    input: { username: "' or 1=1 --", password: 'x' },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().output.flag as string;
};
const file = async (player: Player) => {
  const answer = await player.client.get(`/api/challenges/${FILE}/file`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.rawPayload;
};
const submit = (player: Player, challengeId: string, flag: string) =>
  player.client.post(`/api/challenges/${challengeId}/submit`, { flag });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  expect((await admin.patch('/api/admin/settings', { teams: { enabled: true, maxSize: 4 } })).statusCode).toBe(200);
  expect((await admin.put('/api/admin/settings/per-user-flags', { isBuiltInPackPerUser: true })).statusCode).toBe(200);
  const created = await admin.post('/api/admin/challenges', {
    id: AUTHORED,
    title: { en: 'Per team', fr: 'Par équipe' },
    description: { en: 'Each team has its own flag.', fr: 'Chaque équipe a son drapeau.' },
    category: 'web-server',
    level: 'easy',
    scoring: { type: 'static', points: 50 },
    flags: [{ kind: 'per-user', matcher: 'exact', content: '' }],
  });
  expect(created.statusCode, created.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

describe('per-user flags in team mode', () => {
  it('are the team’s: every member gets the same file and lab flag, another team different ones', async () => {
    const red = await formTeam('Red flags', 2);
    const blue = await formTeam('Blue flags', 1);
    const [alice, bob] = red.members as [Player, Player];
    const [carol] = blue.members as [Player];

    expect(await labFlag(alice)).toBe(teamFlag(LAB, red.id));
    expect(await labFlag(bob)).toBe(teamFlag(LAB, red.id));
    expect(await labFlag(carol)).toBe(teamFlag(LAB, blue.id));
    expect(teamFlag(LAB, red.id)).not.toBe(teamFlag(LAB, blue.id));

    const [fileA, fileB, fileC] = [await file(alice), await file(bob), await file(carol)];
    expect(fileA.equals(fileB)).toBe(true);
    expect(fileA.equals(fileC)).toBe(false);

    // The member's own per-player flag is not the team's and solves nothing; the team's does, once for the team.
    expect((await submit(bob, AUTHORED, userFlag(AUTHORED, bob.userId))).json().status).toBe('incorrect');
    expect((await submit(bob, AUTHORED, teamFlag(AUTHORED, red.id))).json().status).toBe('correct');
    expect((await submit(alice, AUTHORED, teamFlag(AUTHORED, red.id))).json().status).toBe('team_already_solved');
    expect((await submit(alice, LAB, await labFlag(alice))).json().status).toBe('correct');
    expect((await submit(carol, LAB, teamFlag(LAB, blue.id))).json().status).toBe('correct');
  });

  it('refuses another team’s flag and reports it live to admins, naming both players and both teams', async () => {
    const owners = await formTeam('Owners', 2);
    const copiers = await formTeam('Copiers', 1);
    const [captain] = owners.members as [Player, Player];
    const [copier] = copiers.members as [Player];
    const adminCookie = `drapeau.session_token=${admin.sessionToken()}`;
    const events = await eventsUntil(baseUrl, adminCookie, 'incident', async () => {
      const copied = await submit(copier, AUTHORED, teamFlag(AUTHORED, owners.id));
      expect(copied.json().status).toBe('incorrect');
    });
    const expected = {
      challengeId: AUTHORED,
      submitterId: copier.userId,
      submitterName: copier.username,
      ownerId: captain.userId,
      ownerName: captain.username,
      submitterTeamName: 'Copiers',
      ownerTeamId: owners.id,
      ownerTeamName: 'Owners',
    };
    expect(events.at(-1)!.data).toMatchObject(expected);
    expect((await admin.get('/api/admin/incidents')).json().incidents[0]).toMatchObject(expected);
    expect((await copier.client.get('/api/admin/incidents')).statusCode).toBe(403);

    // A member submitting their own team's flag raises nothing.
    const before = (await admin.get('/api/admin/incidents')).json().incidents.length;
    expect((await submit(owners.members[1]!, AUTHORED, teamFlag(AUTHORED, owners.id))).json().status).toBe('correct');
    expect((await admin.get('/api/admin/incidents')).json().incidents).toHaveLength(before);
  });

  it('are refused to a player in no team: 403 TEAM_REQUIRED for per-user files and labs', async () => {
    const loner = await registerPlayer(t.app);
    for (const answer of [
      await loner.client.get(`/api/challenges/${FILE}/file`),
      await loner.client.post(`/api/challenges/${LAB}/lab`, { action: 'login', input: { username: 'x', password: 'x' } }),
      await submit(loner, AUTHORED, userFlag(AUTHORED, loner.userId)),
    ]) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().error.code).toBe('TEAM_REQUIRED');
    }
    // The catalogue itself is still theirs to read.
    expect((await loner.client.get(`/api/challenges/${FILE}`)).statusCode).toBe(200);
  });

  it('follow a player who moves: the new team’s flag, and the old one is then another team’s', async () => {
    const first = await formTeam('First home', 2);
    const second = await formTeam('Second home', 1);
    const mover = first.members[1]!;
    const oldFile = await file(mover);
    expect(await labFlag(mover)).toBe(teamFlag(LAB, first.id));

    expect((await mover.client.post('/api/teams/mine/leave')).statusCode).toBe(200);
    const code = (await second.members[0]!.client.get('/api/teams/mine')).json().team.inviteCode as string;
    expect((await mover.client.post('/api/teams/join', { code })).statusCode).toBe(200);
    expect(await labFlag(mover)).toBe(teamFlag(LAB, second.id));
    const newFile = await file(mover);
    expect(newFile.equals(oldFile)).toBe(false);
    expect(newFile.equals(await file(second.members[0]!))).toBe(true);
    expect((await submit(mover, AUTHORED, teamFlag(AUTHORED, first.id))).json().status).toBe('incorrect');
    expect((await admin.get('/api/admin/incidents')).json().incidents[0]).toMatchObject({
      submitterId: mover.userId,
      ownerTeamId: first.id,
    });
  });
});

describe('a team’s flags never reach another team', () => {
  it('in any answer a rival gets, walking every GET route of the OpenAPI document and the flag paths', async () => {
    const owners = await formTeam('Kept secret', 2);
    const rivals = await formTeam('Prying', 1);
    const [owner] = owners.members as [Player];
    const [rival] = rivals.members as [Player];
    const ids = (await owner.client.get('/api/challenges')).json<{ challenges: { id: string }[] }>().challenges.map((c) => c.id);
    const secrets = ids.flatMap((id) => {
      const flag = teamFlag(id, owners.id);
      return [flag, flag.slice(-25, -1)];
    });
    // The owners' files and labs hold their flag; the rival's never equal them.
    const ownersFile = await file(owner);
    expect((await file(rival)).equals(ownersFile)).toBe(false);
    expect(await labFlag(rival)).not.toBe(await labFlag(owner));
    expect((await submit(owner, LAB, await labFlag(owner))).json().status).toBe('correct');

    const detail = (await rival.client.get(`/api/challenges/${FILE}`)).json<{ attachments?: { id: number }[] }>();
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const params: Record<string, string> = {
      id: FILE,
      teamId: owners.id,
      userId: owner.userId,
      attachmentId: String(detail.attachments?.[0]?.id ?? 1),
    };
    const seen: string[] = [];
    let walked = 0;
    for (const [path, item] of Object.entries(spec.paths)) {
      if (!('get' in item) || path.startsWith('/api/events')) continue;
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      if (names.some((name) => params[name] === undefined)) continue;
      const targets = names.includes('id') ? [FILE, LAB, AUTHORED] : [FILE];
      for (const target of targets) {
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' ? target : params[name]!));
        const answer = await rival.client.get(url);
        expect(answer.statusCode, `GET ${url}`).toBeLessThan(500);
        seen.push(answer.body);
        walked += 1;
      }
    }
    expect(walked).toBeGreaterThan(20);
    for (const id of [FILE, LAB, AUTHORED]) {
      seen.push((await submit(rival, id, teamFlag(id, owners.id))).body);
      seen.push((await rival.client.post(`/api/challenges/${id}/lab`, { action: 'login', input: {} })).body);
    }
    const all = seen.join('\n');
    for (const secret of secrets) expect(all).not.toContain(secret);
  });
});
