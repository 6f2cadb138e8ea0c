import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
});
afterAll(async () => t?.close());

/** A static challenge worth 100 points in `category`, whose flag is `CTF{<id>}`. */
async function createChallenge(id: string, category: string) {
  const created = await admin.post('/api/admin/challenges', {
    id,
    title: { en: id, fr: id },
    description: { en: 'Find the flag.', fr: 'Trouvez le flag.' },
    category,
    level: 'easy',
    scoring: { type: 'static', points: 100 },
    flags: [{ kind: 'static', matcher: 'exact', content: `CTF{${id}}` }],
  });
  expect(created.statusCode, created.body).toBe(201);
}

/**
 * Ten solves of 100 points, in this order, and the badges each one earns (docs/product.md#badges): every badge of the
 * table, each on the solve that meets its rule.
 */
const SOLVES: [id: string, category: string, newBadges: string[]][] = [
  ['badge-web-1', 'web-client', ['first-blood', 'century-club']],
  ['badge-web-2', 'web-client', []],
  ['badge-web-3', 'web-client', ['web-master']],
  ['badge-net-1', 'networking', []],
  ['badge-net-2', 'networking', ['pentester', 'half-century']],
  ['badge-net-3', 'networking', ['network-ninja']],
  ['badge-for-1', 'forensics', []],
  ['badge-for-2', 'forensics', []],
  ['badge-for-3', 'forensics', ['forensics-expert']],
  ['badge-server-1', 'web-server', ['elite-hacker']],
];

describe('badges earned by solving', () => {
  it('awards every badge of the table to the solver, on the solve that earns it, and to nobody else', async () => {
    for (const [id, category] of SOLVES) await createChallenge(id, category);
    const player = await registerPlayer(t.app);
    const bystander = await registerPlayer(t.app);

    for (const [id, , newBadges] of SOLVES) {
      const response = await player.client.post(`/api/challenges/${id}/submit`, { flag: `CTF{${id}}` });
      expect(response.json(), id).toMatchObject({ status: 'correct', points: 100 });
      expect([...response.json().newBadges].sort(), id).toEqual([...newBadges].sort());
    }

    const allBadges = SOLVES.flatMap(([, , newBadges]) => newBadges).sort();
    const listed = (await player.client.get('/api/badges')).json().badges.map((b: { badgeId: string }) => b.badgeId);
    expect(allBadges).toEqual([...listed].sort());
    const me = (await player.client.get('/api/auth/session')).json().user;
    expect([...me.badges].sort()).toEqual(allBadges);
    expect((await bystander.client.get('/api/auth/session')).json().user.badges).toEqual([]);
  });

  it('awards a badge once: a solve after it is earned adds nothing', async () => {
    const player = await registerPlayer(t.app);
    const first = await player.client.post('/api/challenges/badge-web-1/submit', { flag: 'CTF{badge-web-1}' });
    expect(first.json().newBadges).toEqual(expect.arrayContaining(['first-blood']));
    const second = await player.client.post('/api/challenges/badge-web-2/submit', { flag: 'CTF{badge-web-2}' });
    expect(second.json().newBadges).toEqual([]);
    const me = (await player.client.get('/api/auth/session')).json().user;
    expect([...me.badges].sort()).toEqual(['century-club', 'first-blood']);
  });
});
