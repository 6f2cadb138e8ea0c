import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, registerPlayer, type TestApp } from '../../../test/build-test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Artist: 'secret-location' } } })
    .toBuffer();

describe('GET /api/users/:userId', () => {
  it('requires a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/abc' })).statusCode).toBe(401);
  });

  it('shows another player without their email, and 404 USER_NOT_FOUND for nobody', async () => {
    const other = await registerPlayer(t.app);
    const { client } = await registerPlayer(t.app);
    const response = await client.get(`/api/users/${other.userId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ uid: other.userId, username: other.username, rank: 'user' });
    expect(response.json()).not.toHaveProperty('email');
    const missing = await client.get('/api/users/nobody-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('USER_NOT_FOUND');
  });
});

describe('PATCH /api/users/me', () => {
  it('changes the username and bio of the signed-in user', async () => {
    const player = await registerPlayer(t.app);
    const response = await player.client.patch('/api/users/me', { username: 'Renamed_Player', bio: 'I like pcaps.' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'Renamed_Player', bio: 'I like pcaps.', email: player.email });
  });

  it('refuses a username taken by someone else, in any case', async () => {
    await registerPlayer(t.app, { username: 'TakenName' });
    const player = await registerPlayer(t.app);
    const response = await player.client.patch('/api/users/me', { username: 'takenname' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('USERNAME_TAKEN');
  });

  it.each([
    ['a role', { rank: 'admin' }],
    ['a score', { score: 1000 }],
    ['badges', { badges: ['elite-hacker'] }],
    ['solves', { solvedChallenges: ['kernel-exploit'] }],
    ['a bio over 500 characters', { bio: 'x'.repeat(501) }],
  ])('refuses %s with 400 and changes nothing', async (_label, body) => {
    const player = await registerPlayer(t.app);
    const response = await player.client.patch('/api/users/me', body);
    expect(response.statusCode).toBe(400);
    const me = (await player.client.get('/api/auth/session')).json().user;
    expect(me).toMatchObject({ rank: 'user', score: 0, badges: [], solvedChallenges: [], bio: '' });
  });
});

describe('PUT /api/users/me/avatar', () => {
  it('re-encodes an image to a JPEG of at most 400x400 without metadata, served with caching headers', async () => {
    const player = await registerPlayer(t.app);
    const response = await player.client.request({
      method: 'PUT',
      url: '/api/users/me/avatar',
      payload: await png(1200, 600),
      headers: { 'content-type': 'image/png' },
    });
    expect(response.statusCode).toBe(200);
    const { avatarUrl } = response.json();
    expect(avatarUrl).toMatch(new RegExp(`^/api/users/${player.userId}/avatar\\?v=`));
    const image = await t.app.inject({ method: 'GET', url: avatarUrl });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toContain('immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 200 });
    expect(meta.exif).toBeUndefined();
  });

  it.each([
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'), 'image/svg+xml'],
    ['HTML disguised as a PNG', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'],
  ])('refuses %s with 400 INVALID_IMAGE', async (_label, payload, type) => {
    const player = await registerPlayer(t.app);
    const response = await player.client.request({
      method: 'PUT',
      url: '/api/users/me/avatar',
      payload,
      headers: { 'content-type': type },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_IMAGE');
    expect((await player.client.get('/api/auth/session')).json().user.avatarUrl).toBe('');
  });

  it('refuses a file over 5 MB with 413 IMAGE_TOO_LARGE', async () => {
    const player = await registerPlayer(t.app);
    const response = await player.client.request({
      method: 'PUT',
      url: '/api/users/me/avatar',
      payload: Buffer.alloc(5 * 1024 * 1024 + 10, 1),
      headers: { 'content-type': 'image/png' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('IMAGE_TOO_LARGE');
  });

  it('requires a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/avatar',
      payload: await png(10, 10),
      headers: { 'content-type': 'image/png' },
    });
    expect(response.statusCode).toBe(401);
  });
});
