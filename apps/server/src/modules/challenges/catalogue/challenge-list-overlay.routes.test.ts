import { gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  type ChallengeList,
  ChallengeListSchema,
  ChallengeSummarySchema,
  type ChallengeSummary,
  mergeChallengeList,
  type PublicChallenge,
} from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../../test/build-test-app.js';
import { createManualClock } from '../../../../test/manual-clock.js';

// GET /api/challenges is one answer: what every player sees alike, then the player's own part (challenge-list-json.ts).
// Merged (mergeChallengeList), it must be exactly what each player's summaries were when each was cut from their own
// view of the challenge (toPublicChallenge, as the detail route answers it, cut to ChallengeSummarySchema).

const HOUR = 60 * 60_000;
const clock = createManualClock(new Date('2026-05-01T09:00:00.000Z'));
let t: TestApp;
let admin: TestClient;
type Player = Awaited<ReturnType<typeof registerPlayer>>;

const flag = 'CTF{overlay_flag}';
const SECRET = 'Overlay secret text';
const challengeBody = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: { en: `Overlay ${id}`, fr: `Superposition ${id}` },
  description: { en: `${SECRET} ${id}`, fr: `${SECRET} ${id}` },
  category: 'web-server',
  level: 'easy',
  scoring: { type: 'dynamic', initial: 500, decay: 2, minimum: 100, function: 'linear' },
  hints: [{ content: { en: `${SECRET} hint ${id}`, fr: `${SECRET} indice ${id}` }, cost: 0 }],
  explanation: { en: `${SECRET} explanation ${id}`, fr: `${SECRET} explication ${id}` },
  flags: [{ kind: 'static', matcher: 'exact', content: flag }],
  ...extra,
});
const solve = async (player: Player, id: string) =>
  expect((await player.client.post(`/api/challenges/${id}/submit`, { flag })).json()).toMatchObject({ status: 'correct' });

/** The answer's bytes: as sent without compression, and the part every player shares (up to the player's own part). */
async function answerOf(client: TestClient): Promise<{ body: string; shared: string; list: ChallengeList }> {
  const response = await client.get('/api/challenges');
  expect(response.statusCode).toBe(200);
  const gzipped = await client.get('/api/challenges', { 'accept-encoding': 'br, gzip' });
  expect(gzipped.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(response.body);
  // Written by hand (challenge-list-json.ts) and read by the web app without a parse: exactly the contract's shape, no
  // field missing, mistyped or extra (a parse drops what the schema does not name).
  const list = response.json<ChallengeList>();
  expect(ChallengeListSchema.parse(list)).toEqual(list);
  return { body: response.body, shared: response.body.slice(0, response.body.indexOf('"own":')), list };
}

/** The old way: each summary cut from the player's whole view of the challenge. */
async function summariesOf(client: TestClient, ids: string[]): Promise<ChallengeSummary[]> {
  return Promise.all(
    ids.map(async (id) => {
      const view = (await client.get(`/api/challenges/${id}`)).json<PublicChallenge>();
      return ChallengeSummarySchema.parse({ ...view, hasExplanation: view.explanation !== null });
    }),
  );
}

/** Every player's merged list equals their summaries; the shared bytes are the same for all of them. */
async function expectEquivalent(players: Player[]): Promise<Map<string, ChallengeSummary[]>> {
  const answers = await Promise.all(players.map((p) => answerOf(p.client)));
  const byPlayer = new Map<string, ChallengeSummary[]>();
  for (const [i, player] of players.entries()) {
    const merged = mergeChallengeList(answers[i]!.list);
    expect(merged, player.username).toEqual(
      await summariesOf(
        player.client,
        merged.map((c) => c.id),
      ),
    );
    expect(answers[i]!.shared, player.username).toBe(answers[0]!.shared);
    byPlayer.set(player.userId, merged);
  }
  // The shared part is a newcomer's: every challenge with prerequisites locked, no text any lock or solve hides.
  const shared = answers[0]!.list.challenges;
  for (const id of ['ov-b', 'ov-c', 'ov-d'])
    expect(
      shared.find((c) => c.id === id),
      id,
    ).toMatchObject({ isLocked: true });
  expect(answers[0]!.shared).not.toContain(SECRET);
  for (const answer of answers) expect(answer.body).not.toContain(flag);
  return byPlayer;
}

let newcomer: Player;
let partial: Player;
let chain: Player;
let late: Player;

async function createCatalogue(client: TestClient): Promise<void> {
  for (const body of [
    challengeBody('ov-a'),
    challengeBody('ov-x', { explanation: { en: '', fr: '' } }),
    challengeBody('ov-b', { prerequisites: ['ov-a'] }),
    challengeBody('ov-c', { prerequisites: ['ov-b'] }),
    challengeBody('ov-d', { prerequisites: ['ov-a', 'ov-x'] }),
  ])
    expect((await client.post('/api/admin/challenges', body)).statusCode).toBe(201);
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await loginAdmin(t.app);
  await createCatalogue(admin);
  [newcomer, partial, chain, late] = await Promise.all([
    registerPlayer(t.app),
    registerPlayer(t.app),
    registerPlayer(t.app),
    registerPlayer(t.app),
  ]);
});
afterAll(async () => t?.close());

describe('the challenge list as shared bytes plus the player’s own part', () => {
  it('merges into each player’s summaries: a newcomer, a player who solved some, one who unlocked a chain', async () => {
    await solve(partial, 'ov-a');
    for (const id of ['ov-a', 'ov-b', 'ov-c', 'ov-x', 'ov-d']) await solve(chain, id);
    const lists = await expectEquivalent([newcomer, partial, chain]);
    // What the equivalence covers, so that it cannot pass on lists alike for everyone.
    const card = (player: Player, id: string) => lists.get(player.userId)!.find((c) => c.id === id)!;
    expect(card(newcomer, 'ov-d')).toMatchObject({ isLocked: true, lockedBy: [{ id: 'ov-a' }, { id: 'ov-x' }] });
    expect(card(partial, 'ov-d')).toMatchObject({ isLocked: true, lockedBy: [{ id: 'ov-x' }] });
    expect(card(partial, 'ov-b')).toMatchObject({ isLocked: false, solved: false, hasExplanation: false });
    expect(card(chain, 'ov-c')).toMatchObject({ isLocked: false, solved: true, hasExplanation: true });
    expect(card(chain, 'ov-x')).toMatchObject({ solved: true, hasExplanation: false });
    expect(card(newcomer, 'ov-a')).toMatchObject({ solved: false, solveCount: 2, points: 498 });
  });

  it('merges into the frozen summaries, with a player’s own solve after the freeze counted for them only', async () => {
    const now = clock.now().getTime();
    const event = {
      mode: 'event',
      startsAt: new Date(now - HOUR).toISOString(),
      endsAt: new Date(now + HOUR).toISOString(),
      freezeAt: new Date(now).toISOString(),
      allowPracticeAfterEnd: false,
    };
    expect((await admin.patch('/api/admin/settings', { event })).statusCode).toBe(200);
    clock.advance(60_000);
    await solve(late, 'ov-a');
    await solve(late, 'ov-b');
    const lists = await expectEquivalent([newcomer, partial, chain, late]);
    expect(lists.get(late.userId)!.find((c) => c.id === 'ov-a')).toMatchObject({
      solvedAfterFreeze: true,
      solveCount: 3,
      points: 496,
    });
    expect(lists.get(newcomer.userId)!.find((c) => c.id === 'ov-a')).toMatchObject({ solveCount: 2, points: 498 });
    expect((await admin.patch('/api/admin/settings', { event: { ...event, mode: 'training' } })).statusCode).toBe(200);
  });

  it('merges into each member’s summaries in team mode, where a solve is the team’s', async () => {
    // Team mode is chosen before the first solve: an app of its own.
    const teams = await buildTestApp();
    try {
      const teamsAdmin = await loginAdmin(teams.app);
      await createCatalogue(teamsAdmin);
      expect((await teamsAdmin.patch('/api/admin/settings', { teams: { enabled: true, maxSize: 4 } })).statusCode).toBe(200);
      const [captain, member, alone] = await Promise.all([
        registerPlayer(teams.app),
        registerPlayer(teams.app),
        registerPlayer(teams.app),
      ]);
      const team = (await captain.client.post('/api/teams', { name: 'Overlay team' })).json<{ inviteCode: string }>();
      expect((await member.client.post('/api/teams/join', { code: team.inviteCode })).statusCode).toBe(200);
      await solve(captain, 'ov-a');
      const lists = await expectEquivalent([member, captain, alone]);
      expect(lists.get(member.userId)!.find((c) => c.id === 'ov-b')).toMatchObject({ isLocked: false });
      expect(lists.get(member.userId)!.find((c) => c.id === 'ov-a')).toMatchObject({ solved: true, hasExplanation: true });
      expect(lists.get(alone.userId)!.find((c) => c.id === 'ov-a')).toMatchObject({ solved: false, solveCount: 1 });
    } finally {
      await teams.close();
    }
  });
});
