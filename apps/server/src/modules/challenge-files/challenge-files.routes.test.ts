import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, registerPlayer, type TestApp } from '../../../test/build-test-app.js';
import { deriveFlag } from '../challenges/flags/flag-check.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/challenges/:id/file', () => {
  it('requires a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/challenges/caesar-cipher/file' });
    expect(response.statusCode).toBe(401);
  });

  it('hands out this deployment’s file with its type and file name, the same bytes on every download', async () => {
    const { client } = await registerPlayer(t.app);
    const first = await client.get('/api/challenges/zip-password-cracking/file');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/zip');
    expect(first.headers['content-disposition']).toMatch(/^attachment; filename="secret\.zip"/);
    expect(first.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const second = await client.get('/api/challenges/zip-password-cracking/file');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('embeds the flag where the challenge says (Caesar: shifted letters, braces kept)', async () => {
    const { client } = await registerPlayer(t.app);
    const response = await client.get('/api/challenges/caesar-cipher/file');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).not.toContain(deriveFlag(t.config.instanceSecret!, 'caesar-cipher'));
    expect(response.body).toMatch(/[A-Z]{3}\{[a-z_0-9]+\}/);
  });

  it('answers 404 FILE_NOT_FOUND for a challenge without a file, and 400 for a path in the id', async () => {
    const { client } = await registerPlayer(t.app);
    const none = await client.get('/api/challenges/xor-encryption/file');
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('FILE_NOT_FOUND');
    expect((await client.get('/api/challenges/..%2F..%2Fetc%2Fpasswd/file')).statusCode).toBe(400);
  });
});

describe('per-deployment files', () => {
  it('gives two deployments (two instance secrets) different flags and different files', async () => {
    const other = await buildTestApp({ env: { INSTANCE_SECRET: 'another-deployment-secret-42' } });
    try {
      const [a, b] = [await registerPlayer(t.app), await registerPlayer(other.app)];
      for (const id of ['memory-dump-analysis', 'disk-image-analysis', 'steganography---lsb']) {
        const fileA = await a.client.get(`/api/challenges/${id}/file`);
        const fileB = await b.client.get(`/api/challenges/${id}/file`);
        expect(fileA.statusCode).toBe(200);
        expect(fileB.statusCode).toBe(200);
        expect(fileA.rawPayload.equals(fileB.rawPayload)).toBe(false);
      }
      // The EXIF photo keeps its flag in plain text (an Easy file); Medium and Hard ones hide it from a byte search.
      const flagA = deriveFlag(t.config.instanceSecret!, 'exif-metadata-extraction');
      const flagB = deriveFlag(other.config.instanceSecret!, 'exif-metadata-extraction');
      expect(flagA).not.toBe(flagB);
      const dumpA = (await a.client.get('/api/challenges/exif-metadata-extraction/file')).rawPayload;
      expect(dumpA.includes(Buffer.from(flagA))).toBe(true);
      expect(dumpA.includes(Buffer.from(flagB))).toBe(false);
    } finally {
      await other.close();
    }
  });
});
