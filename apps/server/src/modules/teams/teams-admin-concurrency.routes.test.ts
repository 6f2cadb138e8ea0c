import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ChallengeList, mergeChallengeList } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { createManualClock } from '../../../test/manual-clock.js';
import { expectScoreInvariant, expectTeamScoreInvariant } from '../../../test/score-invariant.js';
import { deriveFlag } from '../challenges/flags/flag-check.js';

// docs/decisions/016-teams.md: admins' team changes under concurrency (a member solving during a merge, two merges on
// the same teams at once) and on several instances (a membership change rereads the players' progress everywhere).

let t: TestApp;
let admin: TestClient;
const clock = createManualClock();

type Player = Awaited<ReturnType<typeof registerPlayer>>;
let teamCount = 0;
async function formTeam(size: number): Promise<{ id: string; members: Player[] }> {
  const members = await Promise.all(Array.from({ length: size }, () => registerPlayer(t.app)));
  const team = (await members[0]!.client.post('/api/teams', { name: `Racing ${++teamCount}` })).json<{
    id: string;
    inviteCode: string;
  }>();
  for (const member of members.slice(1))
    expect((await member.client.post('/api/teams/join', { code: team.inviteCode })).statusCode).toBe(200);
  return { id: team.id, members };
}
const submit = (player: Player, challengeId: string) =>
  player.client.post(`/api/challenges/${challengeId}/submit`, { flag: deriveFlag(t.config.instanceSecret!, challengeId) });
const teamScore = async (teamId: string) => (await admin.get(`/api/teams/${teamId}`)).json<{ score: number }>().score;
const expectInvariants = async () => {
  await expectScoreInvariant(t);
  await expectTeamScoreInvariant(t.database, teamScore);
};

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await loginAdmin(t.app);
  expect((await admin.patch('/api/admin/settings', { teams: { enabled: true, maxSize: 6 } })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('a merge at the same time as', () => {
  it('a member of the merged team solving: the solve is merged, or refused with nothing written', async () => {
    const into = await formTeam(1);
    const from = await formTeam(1);
    const [merged, solved] = await Promise.all([
      admin.post(`/api/admin/teams/${into.id}/merge`, { fromTeamId: from.id }),
      submit(from.members[0]!, 'invoice-idor'),
    ]);
    expect(merged.statusCode, merged.body).toBe(200);
    // The solve went first (merged with the rest), or after: its team was gone, nothing written, "send it again".
    if (solved.statusCode !== 200)
      expect([solved.statusCode, solved.json().error.code], solved.body).toEqual([409, 'TEAM_NOT_FOUND']);
    if (solved.json().status === 'correct') expect(await teamScore(into.id)).toBe(solved.json().points);
    await expectInvariants();
    // Sent again, the flag counts for the merged team.
    const again = await submit(from.members[0]!, 'invoice-idor');
    expect(['correct', 'team_already_solved']).toContain(again.json().status);
    await expectInvariants();
  });

  it('the opposite merge of the same two teams: one wins, the other finds its team gone', async () => {
    const a = await formTeam(2);
    const b = await formTeam(2);
    expect((await submit(a.members[0]!, 'caesar-cipher')).json().status).toBe('correct');
    expect((await submit(b.members[1]!, 'caesar-cipher')).json().status).toBe('correct');
    const answers = await Promise.all([
      admin.post(`/api/admin/teams/${a.id}/merge`, { fromTeamId: b.id }),
      admin.post(`/api/admin/teams/${b.id}/merge`, { fromTeamId: a.id }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const winner = answers.find((r) => r.statusCode === 200)!.json<{ team: { members: unknown[]; solvedCount: number } }>();
    expect(winner.team).toMatchObject({ solvedCount: 1 });
    expect(winner.team.members).toHaveLength(4);
    await expectInvariants();
  });
});

// Several instances share the PostgreSQL database; their in-memory progress is kept right through the event bus.
describe.runIf(process.env.DATABASE_URL)('on two instances (PostgreSQL)', () => {
  it('a member moved on one instance sees the new team’s solves on the other', async () => {
    const other = await buildTestApp({ database: t.database, clock });
    try {
      const from = await formTeam(1);
      const into = await formTeam(1);
      const mover = from.members[0]!;
      expect((await submit(into.members[0]!, 'hash-cracking')).json().status).toBe('correct');
      const solvedThere = async () => {
        const answer = await other.app.inject({
          method: 'GET',
          url: '/api/challenges',
          headers: { cookie: `drapeau.session_token=${mover.client.sessionToken()}` },
        });
        return mergeChallengeList(answer.json<ChallengeList>()).find((c) => c.id === 'hash-cracking')!.solved;
      };
      // Read once on the other instance: the mover's progress is now cached there.
      expect(await solvedThere()).toBe(false);
      expect((await admin.post(`/api/admin/teams/${into.id}/members`, { userId: mover.userId })).statusCode).toBe(200);
      // The bus's notification reaches the other instance shortly after the commit: asked again until then, letting the
      // event loop read the notification between two asks (an injected request alone never waits for input).
      let solved = false;
      for (let attempt = 0; attempt < 1000 && !solved; attempt += 1) {
        await new Promise((resolve) => setImmediate(resolve));
        solved = await solvedThere();
      }
      expect(solved).toBe(true);
    } finally {
      await other.app.close();
    }
  });
});
