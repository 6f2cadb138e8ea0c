import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEngineApi, EngineError } from './engine-api.js';

// A server on a Unix socket that answers like an engine under load: a 500 for the first request of each path.
const dir = mkdtempSync(path.join(tmpdir(), 'engine-api-'));
const socketPath = path.join(dir, 'engine.sock');
const seen = new Map<string, number>();
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    const key = `${request.method} ${request.url}`;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    const fails = request.url!.includes('/always-') ? true : count === 1;
    response.writeHead(fails ? 500 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(fails ? { message: 'database is locked' } : { ok: true }));
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the engine API', () => {
  const api = createEngineApi({ socketPath });

  it('asks a read again when the engine answered a 5xx', async () => {
    expect(await api('GET', '/containers/a/json')).toEqual({ ok: true });
    expect(seen.get('GET /v1.41/containers/a/json')).toBe(2);
  });

  it('gives up on a read after three answers of 5xx, with the engine’s message', async () => {
    await expect(api('GET', '/always-failing')).rejects.toThrow(new EngineError(500, 'database is locked'));
    expect(seen.get('GET /v1.41/always-failing')).toBe(3);
  });

  it('never sends a change twice', async () => {
    await expect(api('POST', '/containers/create')).rejects.toBeInstanceOf(EngineError);
    expect(seen.get('POST /v1.41/containers/create')).toBe(1);
  });
});
