import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../../test/build-test-app.js';

// docs/challenge-authoring.md "Routes": a PATCH changes only the fields it names. Each field group is patched alone on a
// challenge a player has solved after paying for a hint, and everything else (hints and what they cost, tags, scoring,
// flags, files, texts) and the player's score must be as before. Runs on PostgreSQL too.

let t: TestApp;
let admin: TestClient;
type Player = Awaited<ReturnType<typeof registerPlayer>>;
const FLAG = 'CTF{partial_edits}';
const FILE = Buffer.from('the bytes of an uploaded file');

const fullBody = (id: string) => ({
  id,
  title: { en: 'Partial', fr: 'Partiel' },
  description: { en: 'Edit me in parts.', fr: 'Modifiez-moi par morceaux.' },
  explanation: { en: 'Why it works.', fr: 'Pourquoi ça marche.' },
  category: 'web-server',
  level: 'medium',
  scoring: { type: 'static', points: 100 },
  author: 'alice',
  tags: ['web', 'partial'],
  hints: [
    { content: { en: 'Free hint', fr: 'Indice gratuit' }, cost: 0 },
    { content: { en: 'Costly hint', fr: 'Indice payant' }, cost: 30 },
  ],
  prerequisites: [],
  maxAttempts: 50,
  closesAt: '2099-01-01T00:00:00.000Z',
  flags: [
    { kind: 'static', matcher: 'exact', content: FLAG },
    { kind: 'static', matcher: 'case-insensitive', content: 'CTF{other}' },
  ],
});

let made = 0;
/** A fresh challenge with a file, solved by a player who opened the 30-point hint (score 70). */
async function solvedChallenge(): Promise<{ id: string; player: Player }> {
  const id = `partial-${++made}`;
  const created = await admin.post('/api/admin/challenges', fullBody(id));
  expect(created.statusCode, created.body).toBe(201);
  const upload = await admin.request({
    method: 'POST',
    url: `/api/admin/challenges/${id}/attachments?name=notes.txt`,
    payload: FILE,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const player = await registerPlayer(t.app);
  const hints = (await player.client.get(`/api/challenges/${id}`)).json<{ hints: { id: number }[] }>().hints;
  expect((await player.client.post(`/api/challenges/${id}/hints/${hints[1]!.id}/open`, {})).statusCode).toBe(200);
  expect((await player.client.post(`/api/challenges/${id}/submit`, { flag: FLAG })).json()).toMatchObject({ score: 70 });
  return { id, player };
}

const adminView = async (id: string) => {
  const { updatedAt: _u, ...rest } = (await admin.get(`/api/admin/challenges/${id}`)).json<Record<string, unknown>>();
  return rest;
};
const scoreOf = async (player: Player) => (await player.client.get('/api/auth/session')).json().user.score as number;
const fileOf = async (id: string) => {
  const { attachments } = (await admin.get(`/api/admin/challenges/${id}`)).json<{ attachments: { url: string }[] }>();
  return (await admin.get(attachments[0]!.url)).rawPayload;
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
});
afterAll(async () => t?.close());

describe('PATCH /api/admin/challenges/:id changes only what it names', () => {
  const cases: [string, Record<string, unknown>, string[]][] = [
    ['state (the documented way to hide)', { state: 'hidden' }, ['state']],
    ['tags', { tags: ['renamed'] }, ['tags']],
    [
      'texts',
      { title: { en: 'Renamed', fr: 'Renommé' }, description: { en: 'New.', fr: 'Nouveau.' } },
      ['title', 'description', 'hasFrench'],
    ],
    ['explanation and author', { explanation: { en: 'Other.', fr: '' }, author: null }, ['explanation', 'author', 'hasFrench']],
    ['level and category', { level: 'hard', category: 'forensics' }, ['level', 'category']],
    ['schedule and attempts', { closesAt: null, maxAttempts: 5 }, ['closesAt', 'maxAttempts']],
    ['flags', { flags: [{ kind: 'static', matcher: 'exact', content: 'CTF{new}' }] }, ['flags']],
  ];
  for (const [group, patch, changedFields] of cases)
    it(`${group}: every other field, the file and the player's score stay`, async () => {
      const { id, player } = await solvedChallenge();
      const before = await adminView(id);
      const answer = await admin.patch(`/api/admin/challenges/${id}`, patch);
      expect(answer.statusCode, answer.body).toBe(200);
      const after = await adminView(id);
      for (const field of Object.keys(before))
        if (!changedFields.includes(field)) expect(after[field], field).toEqual(before[field]);
      for (const [field, value] of Object.entries(patch)) expect(after[field]).toMatchObject(value ?? {});
      expect(await scoreOf(player)).toBe(70);
      expect(await fileOf(id)).toEqual(FILE);
    });

  it('hints: the ones kept keep their opens and the cost already charged', async () => {
    const { id, player } = await solvedChallenge();
    const before = await adminView(id);
    const hints = (before.hints as { content: unknown; cost: number }[]).map(({ content, cost }) => ({ content, cost }));
    const patch = { hints: [...hints, { content: { en: 'Third', fr: 'Troisième' }, cost: 5 }] };
    expect((await admin.patch(`/api/admin/challenges/${id}`, patch)).statusCode).toBe(200);
    const after = await adminView(id);
    expect((after.hints as { openCount: number }[]).map((h) => h.openCount)).toEqual([0, 1, 0]);
    expect({ ...after, hints: null, hasFrench: null }).toEqual({ ...before, hints: null, hasFrench: null });
    expect(await scoreOf(player)).toBe(70);
  });

  it('scoring: the new value reaches the solver, less the hint already paid; hints and flags stay', async () => {
    const { id, player } = await solvedChallenge();
    const before = await adminView(id);
    const answer = await admin.patch(`/api/admin/challenges/${id}`, { scoring: { type: 'static', points: 200 } });
    expect(answer.statusCode, answer.body).toBe(200);
    const after = await adminView(id);
    expect({ ...after, scoring: null, points: null }).toEqual({ ...before, scoring: null, points: null });
    expect(await scoreOf(player)).toBe(170);
  });

  it('an empty patch changes nothing', async () => {
    const { id, player } = await solvedChallenge();
    const before = await adminView(id);
    expect((await admin.patch(`/api/admin/challenges/${id}`, {})).statusCode).toBe(200);
    expect(await adminView(id)).toEqual(before);
    expect(await scoreOf(player)).toBe(70);
  });
});
