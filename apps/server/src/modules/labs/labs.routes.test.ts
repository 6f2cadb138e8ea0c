import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, registerPlayer, type TestApp } from '../../../test/build-test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

const PREVIEW = '/api/challenges/xss-filter-bypass/lab/preview';

describe('GET /api/challenges/xss-filter-bypass/lab/preview', () => {
  it('requires a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: PREVIEW })).statusCode).toBe(401);
  });

  it('serves the preview page in its own sandboxed origin, with its own CSP and no network', async () => {
    const { client } = await registerPlayer(t.app);
    const response = await client.get(PREVIEW, { 'sec-fetch-dest': 'iframe' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp.split('; ')).toEqual(
      expect.arrayContaining([
        'sandbox allow-scripts allow-modals',
        "script-src 'unsafe-inline'",
        "connect-src 'none'",
        "form-action 'none'",
        "frame-ancestors 'self'",
      ]),
    );
    expect(csp).not.toContain('allow-same-origin');
    expect(response.body).toContain('if (window.top === window) return;');
  });

  it('refuses to be opened as a page of its own', async () => {
    const { client } = await registerPlayer(t.app);
    const response = await client.get(PREVIEW, { 'sec-fetch-dest': 'document' });
    expect(response.statusCode).toBe(404);
  });
});
