import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, registerPlayer, type TestApp } from '../../../test/build-test-app.js';

/** PUT /api/users/me/avatar as a multipart/form-data form, and how the OpenAPI document describes both ways. */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const png = (width: number, height: number, compressionLevel = 6) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 60, b: 200 } } })
    .png({ compressionLevel })
    .toBuffer();

/** A form as a browser sends it: its bytes and its Content-Type (with the boundary). */
async function formOf(parts: { name: string; data: Buffer | string; type?: string; fileName?: string }[]) {
  const form = new FormData();
  for (const { name, data, type, fileName } of parts) {
    if (typeof data === 'string' && fileName === undefined) form.append(name, data);
    else form.append(name, new Blob([data], { type: type ?? '' }), fileName ?? 'avatar');
  }
  const request = new Request('http://localhost/', { method: 'PUT', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

type Client = Awaited<ReturnType<typeof registerPlayer>>['client'];
const putForm = async (client: Client, parts: Parameters<typeof formOf>[0]) => {
  const { payload, contentType } = await formOf(parts);
  return client.request({ method: 'PUT', url: '/api/users/me/avatar', payload, headers: { 'content-type': contentType } });
};
const putRaw = (client: Client, payload: Buffer | string, type: string) =>
  client.request({ method: 'PUT', url: '/api/users/me/avatar', payload, headers: { 'content-type': type } });

describe('avatar upload as multipart/form-data', () => {
  it('stores the image of the form as a JPEG of at most 400x400', async () => {
    const player = await registerPlayer(t.app);
    const response = await putForm(player.client, [
      { name: 'file', data: await png(800, 800), type: 'image/png', fileName: 'me.png' },
    ]);
    expect(response.statusCode).toBe(200);
    const avatar = await t.app.inject({ method: 'GET', url: response.json().avatarUrl });
    expect(avatar.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(avatar.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
  });

  it.each([
    ['a text file', () => Buffer.from('hello'), 'text/plain'],
    ['HTML declared as a PNG', () => Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/svg+xml'],
  ])('refuses %s with 400 INVALID_IMAGE and keeps no avatar', async (_label, data, type) => {
    const player = await registerPlayer(t.app);
    const response = await putForm(player.client, [{ name: 'file', data: data(), type, fileName: 'x' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_IMAGE');
    expect((await player.client.get('/api/auth/session')).json().user.avatarUrl).toBe('');
  });

  it('refuses a form without a file with 400 INVALID_IMAGE', async () => {
    const player = await registerPlayer(t.app);
    const response = await putForm(player.client, [{ name: 'note', data: 'no file here' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_IMAGE');
  });

  it('refuses a file over 5 MB with 413 IMAGE_TOO_LARGE', async () => {
    const player = await registerPlayer(t.app);
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const response = await putForm(player.client, [{ name: 'file', data: big, type: 'image/png', fileName: 'big.png' }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('IMAGE_TOO_LARGE');
    expect((await player.client.get('/api/auth/session')).json().user.avatarUrl).toBe('');
  });

  it('refuses an image of more than 16 megapixels with 413 IMAGE_TOO_MANY_PIXELS', async () => {
    const player = await registerPlayer(t.app);
    const bomb = await png(7000, 7000, 9);
    const response = await putForm(player.client, [{ name: 'file', data: bomb, type: 'image/png', fileName: 'bomb.png' }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('IMAGE_TOO_MANY_PIXELS');
  });

  it('counts form uploads in the per-player upload limit, with raw uploads', async () => {
    const player = await registerPlayer(t.app);
    const image = await png(32, 32);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await putRaw(player.client, image, 'image/png')).statusCode);
    for (let i = 0; i < 3; i += 1)
      statuses.push(
        (await putForm(player.client, [{ name: 'file', data: image, type: 'image/png', fileName: 'a.png' }])).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it.each([
    ['no boundary', 'multipart/form-data', Buffer.from('{"a":1}')],
    ['a boundary the body does not use', 'multipart/form-data; boundary=----x', Buffer.from('{"a":1}')],
    ['random bytes', 'multipart/form-data; boundary=----x', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256))],
    ['an empty body', 'multipart/form-data; boundary=----x', Buffer.alloc(0)],
    [
      'a cut-off part',
      'multipart/form-data; boundary=b',
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc'),
    ],
  ])(
    'answers a malformed form (%s) with a 4xx',
    async (_label, contentType, payload) => {
      const player = await registerPlayer(t.app);
      const response = await player.client.request({
        method: 'PUT',
        url: '/api/users/me/avatar',
        payload,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().error.code).toEqual(expect.any(String));
    },
    20_000,
  );

  it('requires a signed-in user', async () => {
    const { payload, contentType } = await formOf([
      { name: 'file', data: await png(8, 8), type: 'image/png', fileName: 'a.png' },
    ]);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/avatar',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('avatar upload body types', () => {
  it.each([
    ['text/plain', 400, 'INVALID_IMAGE'],
    ['application/json', 400, 'INVALID_IMAGE'],
    ['application/pdf', 415, 'VALIDATION_FAILED'],
  ])('refuses a %s body with %i %s', async (type, status, code) => {
    const player = await registerPlayer(t.app);
    const response = await putRaw(player.client, type === 'application/json' ? '{}' : 'not an image', type);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
  });

  it('accepts multipart on the avatar route only', async () => {
    const player = await registerPlayer(t.app);
    const { payload, contentType } = await formOf([{ name: 'bio', data: 'set by a form' }]);
    const response = await player.client.request({
      method: 'PATCH',
      url: '/api/users/me',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(response.statusCode).toBe(415);
    expect((await player.client.get('/api/auth/session')).json().user.bio).toBe('');
  });

  it('is described in the OpenAPI document: an image/* binary body, or a form with a binary file', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/users/me/avatar'].put;
    expect(operation.requestBody).toMatchObject({
      required: true,
      content: {
        'image/*': { schema: { type: 'string', format: 'binary' } },
        'multipart/form-data': {
          schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
        },
      },
    });
    expect(operation.responses['200']).toBeDefined();
  });
});
