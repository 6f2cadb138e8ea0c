import http from 'node:http';
import { readFile } from 'node:fs/promises';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cookieOf, createStore, seedPlayers, type ServerProcess, startServer, type Store } from './fault/fault-helpers.js';

const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/** A live stream held open by a signed-in player; `ended` settles with how the stream finished. */
function openLiveStream(baseUrl: string, cookie: string) {
  return new Promise<{ ended: Promise<'ended' | 'cut'>; received: () => string }>((resolve, reject) => {
    let text = '';
    const request = http.get(`${baseUrl}/api/events`, { headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`live stream answered ${response.statusCode}`));
      const ended = new Promise<'ended' | 'cut'>((settle) => {
        response.on('end', () => settle('ended'));
        response.on('aborted', () => settle('cut'));
        response.on('error', () => settle('cut'));
      });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes(': connected')) resolve({ ended, received: () => text });
      });
    });
    request.on('error', reject);
  });
}

/**
 * docs/operations.md "Stopping": on SIGTERM the server ends its live streams, lets the requests under way finish, closes
 * the database and exits 0, instead of waiting for streams that never end by themselves until the grace delay kills it.
 */
describe(`the server process on ${kind}, stopped by SIGTERM`, () => {
  let store: Store;
  let server: ServerProcess;
  beforeAll(async () => {
    store = await createStore(kind);
    await seedPlayers(store, 2);
    server = await startServer(store, { LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await store?.destroy();
  });

  it('ends the open live streams and exits cleanly with code 0', async () => {
    const streams = [await openLiveStream(server.baseUrl, cookieOf(1)), await openLiveStream(server.baseUrl, cookieOf(2))];
    // An idle kept-alive connection too, as a browser leaves between two requests.
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) =>
      http.get(`${server.baseUrl}/api/health`, { agent }, (r) => r.resume().on('end', resolve)).on('error', reject),
    );

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    for (const stream of streams) expect(await stream.ended).toBe('ended');
    agent.destroy();

    const log = await readFile(server.logFile, 'utf8');
    expect(log).toContain('"signal":"SIGTERM","msg":"shutting down"');
    expect(log).not.toContain('killed by timeout');
  });
});
