import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  type ChallengeList,
  ChallengeSummarySchema,
  type ChallengeSummary,
  mergeChallengeList,
  type PublicChallenge,
} from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../../test/build-test-app.js';

// The list answers a summary per challenge (ChallengeSummarySchema, docs/performance.md "Catalogue figures"); the
// challenge's text, hints, files, connection and explanation come from its own route, which hides them while locked.

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
});
afterAll(async () => t?.close());

const flag = 'CTF{summary_flag}';
const SECRETS = {
  description: 'Summary-only description text.',
  freeHint: 'Summary free hint text.',
  costlyHint: 'Summary costly hint text.',
  explanation: 'Summary explanation text.',
  connection: 'nc summary.example 31337',
};
const challengeBody = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: { en: `Summary ${id}`, fr: `Résumé ${id}` },
  description: { en: `${SECRETS.description} ${id}`, fr: `${SECRETS.description} ${id}` },
  category: 'web-server',
  level: 'easy',
  scoring: { type: 'static', points: 50 },
  author: 'Ada',
  tags: ['summary'],
  hints: [
    { content: { en: SECRETS.freeHint, fr: SECRETS.freeHint }, cost: 0 },
    { content: { en: SECRETS.costlyHint, fr: SECRETS.costlyHint }, cost: 10 },
  ],
  explanation: { en: SECRETS.explanation, fr: SECRETS.explanation },
  connectionInfo: SECRETS.connection,
  maxAttempts: 4,
  flags: [{ kind: 'static', matcher: 'exact', content: flag }],
  ...extra,
});

async function listOf(client: TestClient): Promise<{ body: string; byId: Map<string, ChallengeSummary> }> {
  const response = await client.get('/api/challenges');
  expect(response.statusCode).toBe(200);
  const challenges = mergeChallengeList(response.json<ChallengeList>());
  return { body: response.body, byId: new Map(challenges.map((c) => [c.id, c])) };
}

async function detailOf(client: TestClient, id: string): Promise<PublicChallenge> {
  const response = await client.get(`/api/challenges/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<PublicChallenge>();
}

const SUMMARY_KEYS = Object.keys(ChallengeSummarySchema.shape).sort();

describe('GET /api/challenges: a summary per challenge', () => {
  it('gives each challenge the summary’s fields only: no text, hint, file, connection or explanation, solved or not', async () => {
    for (const body of [challengeBody('sum-open'), challengeBody('sum-locked', { prerequisites: ['sum-open'] })])
      expect((await admin.post('/api/admin/challenges', body)).statusCode).toBe(201);
    const player = await registerPlayer(t.app);
    expect((await player.client.post('/api/challenges/sum-open/submit', { flag })).json()).toMatchObject({ status: 'correct' });
    const hintId = (await detailOf(player.client, 'sum-open')).hints[1]!.id;
    expect((await player.client.post(`/api/challenges/sum-open/hints/${hintId}/open`, {})).statusCode).toBe(200);

    const { body, byId } = await listOf(player.client);
    for (const summary of byId.values()) expect(Object.keys(summary).sort(), summary.id).toEqual(SUMMARY_KEYS);
    expect(byId.get('sum-open')).toEqual({
      id: 'sum-open',
      category: 'web-server',
      level: 'easy',
      points: 50,
      title: { en: 'Summary sum-open', fr: 'Résumé sum-open' },
      author: 'Ada',
      tags: ['summary'],
      isLocked: false,
      lockedBy: [],
      isClosed: false,
      solved: true,
      solvedAfterFreeze: false,
      solveCount: 1,
      firstBlood: { uid: player.userId, username: expect.any(String) },
      hasExplanation: true,
    });
    for (const secret of Object.values(SECRETS)) expect(body).not.toContain(secret);
    expect(body).not.toContain(flag);

    // Every pack challenge too: its description, free hints and files are the detail's only.
    let files = 0;
    for (const id of byId.keys()) {
      const detail = await detailOf(player.client, id);
      if (detail.description.en.length > 20) expect(body, id).not.toContain(JSON.stringify(detail.description.en).slice(1, -1));
      for (const hint of detail.hints) if (hint.content) expect(body, id).not.toContain(hint.content.en);
      for (const attachment of detail.attachments) expect(body, id).not.toContain(attachment.url);
      files += detail.attachments.length;
    }
    expect(files).toBeGreaterThan(0);
  });

  it('gives everything in the detail, once unlocked and as far as the player went', async () => {
    const player = await registerPlayer(t.app);
    const before = await detailOf(player.client, 'sum-open');
    expect(before).toMatchObject({
      description: { en: `${SECRETS.description} sum-open` },
      hints: [
        { cost: 0, isOpened: false, content: { en: SECRETS.freeHint } },
        { cost: 10, isOpened: false, content: null },
      ],
      connectionInfo: SECRETS.connection,
      maxAttempts: 4,
      attemptsLeft: 4,
      explanation: null,
      solved: false,
    });
    // The fields deprecated by issue #12 are gone from both routes.
    for (const field of ['hint', 'solutionType', 'fileName']) expect(before).not.toHaveProperty(field);
    await player.client.post('/api/challenges/sum-open/submit', { flag: 'CTF{wrong}' });
    expect((await player.client.post('/api/challenges/sum-open/submit', { flag })).json()).toMatchObject({ status: 'correct' });
    expect(await detailOf(player.client, 'sum-open')).toMatchObject({
      attemptsLeft: 3,
      explanation: { en: SECRETS.explanation },
      solved: true,
    });
  });

  it('says of a locked challenge its title and what unlocks it, in the list and in the detail, and nothing more', async () => {
    const player = await registerPlayer(t.app);
    const { body, byId } = await listOf(player.client);
    expect(byId.get('sum-locked')).toMatchObject({
      isLocked: true,
      lockedBy: [{ id: 'sum-open', title: { en: 'Summary sum-open', fr: 'Résumé sum-open' } }],
      solved: false,
      hasExplanation: false,
    });
    expect(body).not.toContain(`${SECRETS.description} sum-locked`);
    expect(await detailOf(player.client, 'sum-locked')).toMatchObject({
      isLocked: true,
      description: { en: '', fr: '' },
      hints: [],
      attachments: [],
      connectionInfo: null,
      lab: null,
      hasService: false,
      explanation: null,
    });
  });
});
