import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ChallengeList, mergeChallengeList } from '@drapeau/shared';

import { solves } from '../../db/schema/index.js';
import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { createManualClock } from '../../../test/manual-clock.js';
import { expectScoreInvariant, expectTeamScoreInvariant, recomputeScoreOf } from '../../../test/score-invariant.js';
import { deriveFlag } from '../challenges/flags/flag-check.js';

// docs/product.md#team-management: admins create, edit, merge and delete teams and move members, with the score rules
// kept (docs/decisions/016-teams.md): team score = sum of its solves' points + its adjustment, and each player's score
// sums the solves they made.

let t: TestApp;
let admin: TestClient;
const clock = createManualClock();
const flagOf = (id: string) => deriveFlag(t.config.instanceSecret!, id);
const DYNAMIC_FLAG = 'CTF{admin_team_dynamic}';
const FIRST_BLOOD = 25;

type Player = Awaited<ReturnType<typeof registerPlayer>>;
type AdminTeam = {
  id: string;
  name: string;
  inviteCode: string;
  captainId: string | null;
  members: { uid: string; username: string }[];
  score: number;
  scoreAdjustment: number;
  solvedCount: number;
};

let teamCount = 0;
async function formTeam(size: number, name = `Team ${++teamCount}`): Promise<{ id: string; members: Player[] }> {
  const members = await Promise.all(Array.from({ length: size }, () => registerPlayer(t.app)));
  const team = (await members[0]!.client.post('/api/teams', { name })).json<{ id: string; inviteCode: string }>();
  for (const member of members.slice(1))
    expect((await member.client.post('/api/teams/join', { code: team.inviteCode })).statusCode).toBe(200);
  return { id: team.id, members };
}
const submit = (player: Player, challengeId: string, flag = flagOf(challengeId)) =>
  player.client.post(`/api/challenges/${challengeId}/submit`, { flag });
const solvedFor = async (player: Player, challengeId: string) =>
  mergeChallengeList((await player.client.get('/api/challenges')).json<ChallengeList>()).find((c) => c.id === challengeId)!
    .solved;
const teamPage = async (teamId: string) => (await admin.get(`/api/teams/${teamId}`)).json<{ score: number }>();
const boardScore = async (teamId: string) =>
  (await admin.get('/api/leaderboard?page=1'))
    .json<{ entries: { uid: string; score: number }[] }>()
    .entries.find((e) => e.uid === teamId)?.score;
const adminTeam = async (search: string) =>
  (await admin.get(`/api/admin/teams?search=${encodeURIComponent(search)}`)).json<{ teams: AdminTeam[]; total: number }>();
const scoreOf = (userId: string) => recomputeScoreOf(t.database, 'players', userId);
const expectInvariants = async () => {
  await expectScoreInvariant(t);
  await expectTeamScoreInvariant(t.database, async (teamId) => (await teamPage(teamId)).score);
  await expectTeamScoreInvariant(t.database, async (teamId) => (await boardScore(teamId)) ?? -1);
};
const lastAudit = async () =>
  (await admin.get('/api/admin/audit')).json<{
    entries: { action: string; targetName: string; details: Record<string, unknown> }[];
  }>().entries[0]!;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await loginAdmin(t.app);
  expect((await admin.patch('/api/admin/settings', { teams: { enabled: true, maxSize: 4 } })).statusCode).toBe(200);
  const training = { mode: 'training', startsAt: null, endsAt: null, freezeAt: null, allowPracticeAfterEnd: false };
  expect((await admin.patch('/api/admin/settings', { event: { ...training, firstBloodBonus: FIRST_BLOOD } })).statusCode).toBe(
    200,
  );
  const created = await admin.post('/api/admin/challenges', {
    id: 'admin-team-dynamic',
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

describe('listing and editing teams', () => {
  it('finds teams by name or member, with member counts and scores', async () => {
    const { id, members } = await formTeam(2, 'Listed Owls');
    const points = (await submit(members[1]!, 'caesar-cipher')).json<{ points: number }>().points;
    const byName = await adminTeam('listed owls');
    expect(byName.teams).toMatchObject([
      { id, name: 'Listed Owls', score: points, solvedCount: 1, captainId: members[0]!.userId },
    ]);
    expect(byName.teams[0]!.members.map((m) => m.uid)).toEqual(members.map((m) => m.userId));
    expect((await adminTeam(members[1]!.username.toUpperCase())).teams.map((team) => team.id)).toEqual([id]);
    expect((await adminTeam('no team has this name')).total).toBe(0);
  });

  it('creates a team (name unique whatever its case), renames it, sets its captain and draws a new invite code', async () => {
    const created = await admin.post('/api/admin/teams', { name: 'Admin Made' });
    expect(created.statusCode, created.body).toBe(200);
    const team = created.json<AdminTeam>();
    expect(team).toMatchObject({ name: 'Admin Made', captainId: null, members: [], score: 0 });
    expect(await lastAudit()).toMatchObject({ action: 'team.create', targetName: 'Admin Made' });
    expect((await admin.post('/api/admin/teams', { name: 'ADMIN made' })).json().error.code).toBe('TEAM_NAME_TAKEN');
    expect((await admin.post('/api/admin/teams', { name: 'x' })).statusCode).toBe(400);

    const other = await formTeam(2, 'Taken Name');
    const taken = await admin.patch(`/api/admin/teams/${team.id}`, { name: 'taken name' });
    expect([taken.statusCode, taken.json().error.code]).toEqual([409, 'TEAM_NAME_TAKEN']);
    const renamed = await admin.patch(`/api/admin/teams/${other.id}`, {
      name: 'Renamed By Admin',
      captainId: other.members[1]!.userId,
    });
    expect(renamed.json()).toMatchObject({ name: 'Renamed By Admin', captainId: other.members[1]!.userId });
    expect(await lastAudit()).toMatchObject({
      action: 'team.update',
      details: { name: { from: 'Taken Name', to: 'Renamed By Admin' } },
    });
    // The captain must be a member of the team.
    const stranger = await registerPlayer(t.app);
    expect((await admin.patch(`/api/admin/teams/${other.id}`, { captainId: stranger.userId })).json().error.code).toBe(
      'NOT_TEAM_MEMBER',
    );

    const oldCode = renamed.json<AdminTeam>().inviteCode;
    const fresh = (await admin.post(`/api/admin/teams/${other.id}/invite-code`)).json<AdminTeam>();
    expect(fresh.inviteCode).not.toBe(oldCode);
    expect((await stranger.client.post('/api/teams/join', { code: oldCode })).json().error.code).toBe('TEAM_INVITE_INVALID');
    expect((await stranger.client.post('/api/teams/join', { code: fresh.inviteCode })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown team on every change', async () => {
    const player = await registerPlayer(t.app);
    const answers = [
      await admin.patch('/api/admin/teams/nope', { name: 'Whatever' }),
      await admin.post('/api/admin/teams/nope/invite-code'),
      await admin.put('/api/admin/teams/nope/adjustment', { adjustment: 5, reason: 'x' }),
      await admin.post('/api/admin/teams/nope/members', { userId: player.userId }),
      await admin.delete(`/api/admin/teams/nope/members/${player.userId}`),
      await admin.delete('/api/admin/teams/nope'),
    ];
    for (const answer of answers) expect([answer.statusCode, answer.json().error.code]).toEqual([404, 'TEAM_NOT_FOUND']);
  });
});

describe('the team adjustment', () => {
  it('is added to the team’s score everywhere, with its reason in the audit log', async () => {
    const { id, members } = await formTeam(1);
    const points = (await submit(members[0]!, 'hash-cracking')).json<{ points: number }>().points;
    const set = await admin.put(`/api/admin/teams/${id}/adjustment`, { adjustment: -7, reason: 'Shared a flag' });
    expect(set.json()).toMatchObject({ score: points - 7, scoreAdjustment: -7 });
    expect((await teamPage(id)).score).toBe(points - 7);
    expect(await boardScore(id)).toBe(points - 7);
    expect(await scoreOf(members[0]!.userId)).toBe(points);
    expect(await lastAudit()).toMatchObject({ action: 'team.adjustment', details: { from: 0, to: -7, reason: 'Shared a flag' } });
    expect((await admin.put(`/api/admin/teams/${id}/adjustment`, { adjustment: 3 })).statusCode).toBe(400);
    expect((await admin.put(`/api/admin/teams/${id}/adjustment`, { adjustment: 3, reason: '  ' })).statusCode).toBe(400);
    await expectInvariants();
  });
});

describe('moving and removing members', () => {
  it('moves a player with no score moving: their past solves stay with the old team; the new team’s solves are theirs to see', async () => {
    const from = await formTeam(2);
    const into = await formTeam(1);
    const [mover, stayer] = from.members as [Player, Player];
    const points = (await submit(mover, 'xor-encryption')).json<{ points: number }>().points;
    expect((await submit(into.members[0]!, 'vigenere-cipher')).json().status).toBe('correct');
    expect(await solvedFor(mover, 'vigenere-cipher')).toBe(false);

    const moved = await admin.post(`/api/admin/teams/${into.id}/members`, { userId: mover.userId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<AdminTeam>().members.map((m) => m.uid)).toEqual([into.members[0]!.userId, mover.userId]);
    // The progress follows the team at once: the new team's challenge is solved for them, the old one's no longer.
    expect(await solvedFor(mover, 'vigenere-cipher')).toBe(true);
    expect(await solvedFor(mover, 'xor-encryption')).toBe(false);
    expect(await solvedFor(stayer, 'xor-encryption')).toBe(true);
    expect((await teamPage(from.id)).score).toBe(points);
    expect(await scoreOf(mover.userId)).toBe(points);
    // The captain left: the remaining member leads the old team.
    expect((await adminTeam(stayer.username)).teams[0]).toMatchObject({ id: from.id, captainId: stayer.userId });
    expect(await lastAudit()).toMatchObject({ action: 'team.move-member', details: { username: mover.username } });
    expect((await admin.post(`/api/admin/teams/${into.id}/members`, { userId: mover.userId })).json().error.code).toBe(
      'ALREADY_IN_TEAM',
    );
    expect((await admin.post(`/api/admin/teams/${into.id}/members`, { userId: 'nobody' })).json().error.code).toBe(
      'USER_NOT_FOUND',
    );
    await expectInvariants();
  });

  it('refuses a move into a full team, whoever asks (the limit holds for admins too)', async () => {
    const full = await formTeam(4);
    const player = await registerPlayer(t.app);
    const answer = await admin.post(`/api/admin/teams/${full.id}/members`, { userId: player.userId });
    expect([answer.statusCode, answer.json().error.code]).toEqual([409, 'TEAM_FULL']);
    expect((await player.client.get('/api/teams/mine')).json().team).toBeNull();
  });

  it('removes a member, who becomes teamless and keeps none of the team’s solves', async () => {
    const { id, members } = await formTeam(2);
    const [captain, other] = members as [Player, Player];
    expect((await submit(captain, 'command-injection')).json().status).toBe('correct');
    const removed = await admin.delete(`/api/admin/teams/${id}/members/${captain.userId}`);
    expect(removed.json()).toMatchObject({ captainId: other.userId, members: [{ uid: other.userId }] });
    expect((await captain.client.get('/api/teams/mine')).json().team).toBeNull();
    expect(await solvedFor(captain, 'command-injection')).toBe(false);
    expect((await admin.delete(`/api/admin/teams/${id}/members/${captain.userId}`)).json().error.code).toBe('NOT_TEAM_MEMBER');
    await expectInvariants();
  });
});

describe('merging teams', () => {
  it('moves members and solves, keeps the earlier solve of a challenge both solved, and rescores', async () => {
    const into = await formTeam(1);
    const from = await formTeam(2);
    // `from` solves first (the earlier solve is kept), `into` later: its solve is the one removed.
    const early = (await submit(from.members[0]!, 'admin-team-dynamic', DYNAMIC_FLAG)).json<{ points: number }>();
    clock.advance(60_000);
    expect((await submit(into.members[0]!, 'admin-team-dynamic', DYNAMIC_FLAG)).json().status).toBe('correct');
    expect((await submit(from.members[1]!, 'format-string')).json().status).toBe('correct');
    expect(early.points).toBeGreaterThan(0);
    const intoPlayerBefore = await scoreOf(into.members[0]!.userId);
    expect(intoPlayerBefore).toBeGreaterThan(0);

    const merged = await admin.post(`/api/admin/teams/${into.id}/merge`, { fromTeamId: from.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ movedMembers: 2, movedSolves: 2, removedSolves: 1 });
    expect(
      merged
        .json()
        .team.members.map((m: { uid: string }) => m.uid)
        .sort(),
    ).toEqual([into.members[0]!.userId, ...from.members.map((m) => m.userId)].sort());
    const kept = (await t.database.db.select().from(solves).where(eq(solves.challengeId, 'admin-team-dynamic'))).filter(
      (s) => s.teamId === into.id,
    );
    expect(kept.map((s) => s.userId)).toEqual([from.members[0]!.userId]);
    // The removed solve's points left its solver's score; the merged team's score is its solves' sum.
    expect(await scoreOf(into.members[0]!.userId)).toBe(0);
    expect((await admin.get(`/api/teams/${from.id}`)).json().error.code).toBe('TEAM_NOT_FOUND');
    for (const member of [...into.members, ...from.members]) {
      expect(await solvedFor(member, 'format-string'), member.username).toBe(true);
      expect(await solvedFor(member, 'admin-team-dynamic'), member.username).toBe(true);
    }
    expect(await lastAudit()).toMatchObject({ action: 'team.merge', details: { movedMembers: 2, removedSolves: 1 } });
    await expectInvariants();
  });

  it('refuses a team into itself (400), an unknown team (404), and a merged team over the size limit (409)', async () => {
    const a = await formTeam(3);
    const b = await formTeam(2);
    const self = await admin.post(`/api/admin/teams/${a.id}/merge`, { fromTeamId: a.id });
    expect([self.statusCode, self.json().error.code]).toEqual([400, 'TEAM_MERGE_SELF']);
    expect((await admin.post(`/api/admin/teams/${a.id}/merge`, { fromTeamId: 'nope' })).json().error.code).toBe('TEAM_NOT_FOUND');
    expect((await admin.post(`/api/admin/teams/nope/merge`, { fromTeamId: a.id })).statusCode).toBe(404);
    expect((await admin.post(`/api/admin/teams/${a.id}/merge`, { fromTeamId: b.id })).json().error.code).toBe('TEAM_FULL');
  });
});

describe('deleting a team', () => {
  it('removes its solves and their points from their solvers in one go; the next solver becomes the first blood', async () => {
    const doomed = await formTeam(2);
    const survivor = await formTeam(1);
    const first = (await submit(doomed.members[0]!, 'admin-team-dynamic', DYNAMIC_FLAG)).json();
    const second = await submit(survivor.members[0]!, 'admin-team-dynamic', DYNAMIC_FLAG);
    expect([first.status, second.json().status]).toEqual(['correct', 'correct']);
    // Nobody else solved this one: the doomed team's solve is its first blood.
    expect((await submit(doomed.members[1]!, 'dom-manipulation')).json()).toMatchObject({ status: 'correct' });
    const later = (await submit(survivor.members[0]!, 'dom-manipulation')).json<{ points: number }>().points;
    const survivorBefore = await scoreOf(survivor.members[0]!.userId);
    const [list] = (await adminTeam(doomed.members[0]!.username)).teams;
    expect(list).toMatchObject({ id: doomed.id, solvedCount: 2 });

    const deleted = await admin.delete(`/api/admin/teams/${doomed.id}`);
    expect(deleted.json()).toEqual({ removedSolves: 2, formerMembers: 2 });
    for (const member of doomed.members) {
      expect(await scoreOf(member.userId)).toBe(0);
      expect((await member.client.get('/api/teams/mine')).json().team).toBeNull();
    }
    expect(await lastAudit()).toMatchObject({ action: 'team.delete', details: { removedSolves: 2 } });
    // The survivor's solve is now the first blood, and a dynamic value with one solve fewer rises: its score goes up.
    const survivorAfter = await scoreOf(survivor.members[0]!.userId);
    expect(survivorAfter).toBeGreaterThanOrEqual(survivorBefore + FIRST_BLOOD + 10);
    expect(later).toBeGreaterThan(0);
    await expectInvariants();
  });
});
