import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, registerPlayer, type TestApp } from '../../../test/build-test-app.js';

/** Issue #17.2 and #17.3: one player cannot stall image decoding, race the avatar files, or flood renames. */
let t: TestApp;
let bomb: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  // About 200 KB of PNG that decodes to 7000x7000 (49 megapixels).
  bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
});
afterAll(async () => {
  await t.close();
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 130, b: 60 } } })
    .png()
    .toBuffer();

const upload = (client: Awaited<ReturnType<typeof registerPlayer>>['client'], body: Buffer) =>
  client.request({ method: 'PUT', url: '/api/users/me/avatar', payload: body, headers: { 'content-type': 'image/png' } });

describe('avatar uploads', () => {
  it('refuses an image of more than 16 megapixels from its header, with 413 IMAGE_TOO_MANY_PIXELS', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const player = await registerPlayer(t.app);
    const response = await upload(player.client, bomb);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect((await player.client.get('/api/auth/session')).json().user.avatarUrl).toBe('');
  });

  it('stores identical uploads sent at the same moment without a 500', async () => {
    const player = await registerPlayer(t.app);
    const image = await png(300, 300);
    const responses = await Promise.all(Array.from({ length: 4 }, () => upload(player.client, image)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const avatar = await t.app.inject({ method: 'GET', url: responses[0]!.json().avatarUrl });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/jpeg');
  });

  it('limits avatar uploads per player with 429, without touching other players', async () => {
    const player = await registerPlayer(t.app);
    const image = await png(64, 64);
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await upload(player.client, image)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const other = await registerPlayer(t.app);
    expect((await upload(other.client, image)).statusCode).toBe(200);
  });
});

describe('profile changes', () => {
  it('limits profile changes per player with 429 and a retry time', async () => {
    const player = await registerPlayer(t.app);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => player.client.patch('/api/users/me', { bio: `bio ${i}` })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(20);
    const limited = responses.find((r) => r.statusCode === 429)!;
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
  });
});
