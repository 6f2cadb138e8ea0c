import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminChallenge } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../../test/build-test-app.js';
import { createManualClock } from '../../../../test/manual-clock.js';
import { deriveFlag } from '../flags/flag-check.js';

// One access rule for a challenge's content (playable.ts): every route that reveals or judges anything of a challenge
// (the flag form, a hint, a file, the in-page exercise) answers the same for each state the challenge can be in.

const clock = createManualClock();
let t: TestApp;
let admin: TestClient;
let player: TestClient;

const FLAG = 'CTF{playable_rule}';
const HOUR = 3_600_000;

type State = 'normal' | 'locked' | 'not open yet' | 'closed' | 'hidden';
const STATES: { state: State; status: number; code?: string }[] = [
  { state: 'normal', status: 200 },
  { state: 'locked', status: 403, code: 'CHALLENGE_LOCKED' },
  { state: 'not open yet', status: 404, code: 'CHALLENGE_NOT_FOUND' },
  { state: 'closed', status: 403, code: 'CHALLENGE_CLOSED' },
  { state: 'hidden', status: 404, code: 'CHALLENGE_NOT_FOUND' },
];

/** The fields of a challenge that put it in a state (the prerequisite is never solved by the player). */
function fieldsOf(state: State): Record<string, unknown> {
  const now = clock.now().getTime();
  return {
    prerequisites: state === 'locked' ? ['playable-gate'] : [],
    opensAt: state === 'not open yet' ? new Date(now + HOUR).toISOString() : null,
    closesAt: state === 'closed' ? new Date(now - HOUR).toISOString() : null,
    state: state === 'hidden' ? 'hidden' : 'visible',
  };
}

const slug = (state: State) => `playable-${state.replaceAll(' ', '-')}`;
const body = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: { en: `Playable ${id}`, fr: `Jouable ${id}` },
  description: { en: 'Secret description.', fr: 'Description secrète.' },
  category: 'web-server',
  level: 'easy',
  scoring: { type: 'static', points: 50 },
  hints: [{ content: { en: 'The hint’s secret', fr: 'Le secret de l’indice' }, cost: 0 }],
  flags: [{ kind: 'static', matcher: 'exact', content: FLAG }],
  ...extra,
});
const ids = new Map<State, { hintId: number; attachmentId: number }>();

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await loginAdmin(t.app);
  expect((await admin.post('/api/admin/challenges', body('playable-gate'))).statusCode).toBe(201);
  for (const { state } of STATES) {
    const created = await admin.post('/api/admin/challenges', body(slug(state), fieldsOf(state)));
    expect(created.statusCode, created.body).toBe(201);
    const upload = await admin.request({
      method: 'POST',
      url: `/api/admin/challenges/${slug(state)}/attachments?name=notes.txt`,
      payload: Buffer.from('the file’s secret'),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const challenge = created.json<AdminChallenge>();
    ids.set(state, { hintId: challenge.hints[0]!.id, attachmentId: upload.json<{ id: number }>().id });
  }
  player = (await registerPlayer(t.app)).client;
});
afterAll(async () => t?.close());

function expectAnswer(response: { statusCode: number; body: string }, status: number, code?: string) {
  expect(response.statusCode, response.body).toBe(status);
  if (code) expect(JSON.parse(response.body)).toMatchObject({ error: { code } });
}

describe.each(STATES)('a challenge $state', ({ state, status, code }) => {
  it(`judges a flag: ${status} ${code ?? ''}`, async () => {
    const response = await player.post(`/api/challenges/${slug(state)}/submit`, { flag: FLAG });
    expectAnswer(response, status, code);
    if (!code) expect(response.json()).toMatchObject({ status: 'correct' });
  });

  it(`opens a hint: ${status} ${code ?? ''}`, async () => {
    const response = await player.post(`/api/challenges/${slug(state)}/hints/${ids.get(state)!.hintId}/open`, {});
    expectAnswer(response, status, code);
    if (code) expect(response.body).not.toContain('secret');
    else expect(response.json()).toMatchObject({ hint: { content: { en: 'The hint’s secret' } } });
  });

  it(`serves its files: ${status} ${code ?? ''}`, async () => {
    for (const url of [
      `/api/challenges/${slug(state)}/attachments/${ids.get(state)!.attachmentId}`,
      `/api/challenges/${slug(state)}/file`,
    ]) {
      const response = await player.get(url);
      expectAnswer(response, status, code);
      expect(response.body.includes('the file’s secret')).toBe(!code);
    }
  });

  // The in-page exercise hands out the flag: fails on the code before the rule (a locked or closed lab answered 200).
  it(`runs its in-page exercise: ${status} ${code ?? ''}`, async () => {
    const labId = 'hidden-http-headers';
    const patched = await admin.patch(`/api/admin/challenges/${labId}`, fieldsOf(state));
    expect(patched.statusCode, patched.body).toBe(200);
    try {
      const response = await player.post(`/api/challenges/${labId}/lab`, { action: 'request', input: {} });
      expectAnswer(response, status, code);
      const flag = deriveFlag(t.config.instanceSecret!, labId);
      expect(JSON.stringify(response.headers).includes(flag)).toBe(!code);
    } finally {
      await admin.patch(`/api/admin/challenges/${labId}`, fieldsOf('normal'));
    }
  });

  // An instance of the challenge's service carries the player's flag. No container engine here: a playable challenge
  // gets as far as the engine (404 NO_INSTANCE_SERVICE).
  it(`starts an instance of its service: ${code ? status : 404} ${code ?? 'NO_INSTANCE_SERVICE'}`, async () => {
    const service = { image: 'localhost/playable:1', protocol: 'tcp', port: 1337, scope: 'per-player', lifetimeMinutes: 30 };
    const defined = await admin.put(`/api/admin/challenges/${slug(state)}/service`, service);
    expect(defined.statusCode, defined.body).toBe(200);
    const response = await player.post(`/api/challenges/${slug(state)}/instance`, {});
    expectAnswer(response, code ? status : 404, code ?? 'NO_INSTANCE_SERVICE');
  });
});

describe('the challenge detail', () => {
  it('is not there when hidden or not open yet, and shows a locked challenge without its content', async () => {
    expect((await player.get('/api/challenges/playable-hidden')).json()).toMatchObject({
      error: { code: 'CHALLENGE_NOT_FOUND' },
    });
    expect((await player.get('/api/challenges/playable-not-open-yet')).statusCode).toBe(404);
    const locked = await player.get('/api/challenges/playable-locked');
    expect(locked.json()).toMatchObject({ isLocked: true, hints: [], description: { en: '' } });
    expect(locked.body).not.toContain('secret');
    expect((await player.get('/api/challenges/playable-closed')).json()).toMatchObject({ isClosed: true });
  });
});
