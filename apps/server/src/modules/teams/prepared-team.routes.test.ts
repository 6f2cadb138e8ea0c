import { afterAll, beforeAll, expect, it } from 'vitest';

import { type ChallengeList, mergeChallengeList } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp } from '../../../test/build-test-app.js';
import { deriveFlag } from '../challenges/flags/flag-check.js';

// docs/product.md#team-management: admins may prepare teams before team mode is on. Until it is, play is solo: a player
// put in a team meanwhile still sees their own solves as solved at once (their team counts only in team mode).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

it('shows a solo solve as solved at once to a player an admin put in a team before team mode is on', async () => {
  const admin = await loginAdmin(t.app);
  const player = await registerPlayer(t.app);
  const team = (await admin.post('/api/admin/teams', { name: 'Prepared early' })).json<{ id: string }>();
  expect((await admin.post(`/api/admin/teams/${team.id}/members`, { userId: player.userId })).statusCode).toBe(200);
  const solved = async () =>
    mergeChallengeList((await player.client.get('/api/challenges')).json<ChallengeList>()).find((c) => c.id === 'xor-encryption')!
      .solved;
  // The player's progress is read (and kept in memory) while they are in the team.
  expect(await solved()).toBe(false);
  const flag = deriveFlag(t.config.instanceSecret!, 'xor-encryption');
  expect((await player.client.post('/api/challenges/xor-encryption/submit', { flag })).json().status).toBe('correct');
  expect(await solved()).toBe(true);
});
