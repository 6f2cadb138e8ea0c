import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { registerSecurityHeaders, securityHeadersFor } from './security-headers.js';

async function appFor(publicUrl: string) {
  const app = Fastify({ logger: false });
  await registerSecurityHeaders(app, securityHeadersFor(publicUrl));
  app.get('/api/thing', async () => ({ ok: true }));
  app.get('/api/cached', async (_request, reply) => reply.header('cache-control', 'public, max-age=60').send({ ok: true }));
  app.get('/page', async (_request, reply) => reply.type('text/html').send('<!doctype html>'));
  return app;
}

describe('security headers', () => {
  it('over https, ask for https on pages and API answers alike', async () => {
    const app = await appFor('https://ctf.example.org');
    for (const url of ['/page', '/api/thing']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
    }
    expect((await app.inject({ method: 'GET', url: '/page' })).headers['content-security-policy']).toContain(
      'upgrade-insecure-requests',
    );
    await app.close();
  });

  it('over http, send no HSTS; an API route that sets its own cache-control keeps it', async () => {
    const app = await appFor('http://localhost:3000');
    const api = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(api.headers['strict-transport-security']).toBeUndefined();
    expect(api.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/api/cached' })).headers['cache-control']).toBe('public, max-age=60');
    // Pages are not no-store by this policy (the web app's files have their own caching, docs/decisions/009-delivery.md).
    expect((await app.inject({ method: 'GET', url: '/page' })).headers['cache-control']).toBeUndefined();
    await app.close();
  });
});
