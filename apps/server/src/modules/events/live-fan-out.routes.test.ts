import net from 'node:net';

import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Guards } from '../../http/auth-guards.js';

import { createMemoryEventBus, type EventBus } from './event-bus.js';
import { eventsRoutes, MAX_UNREAD_BYTES } from './events.routes.js';

/**
 * The fan-out of live events over real sockets (docs/performance.md "10,000 live clients"): every stream gets the same
 * bytes, in valid HTTP framing, and a client that stops reading is dropped instead of making the server keep every later
 * event for it. Sessions are not what is tested here: the guard takes the user from a header.
 */
let app: FastifyInstance;
let bus: EventBus;
let port: number;
let clientCount = 0;
let frozen = false;

beforeAll(async () => {
  bus = createMemoryEventBus();
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const requireUser = async (request: FastifyRequest) => {
    const userId = String(request.headers['x-test-user']);
    (request as { sessionUser?: unknown }).sessionUser = { userId, role: userId === 'admin' ? 'admin' : 'user' };
  };
  await app.register(eventsRoutes, {
    prefix: '/api/events',
    events: bus,
    guards: { requireUser } as unknown as Guards,
    onClientCount: (count) => {
      clientCount = count;
    },
    isFrozen: () => frozen,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await bus.close();
});

/** A raw HTTP client on its own socket: what it reads, and whether the server closed it. */
function openRaw(user: string, address: string, version: '1.0' | '1.1' = '1.1', target = '/api/events', headers = '') {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: address });
  const state = { text: '', closed: false, socket };
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    state.text += chunk;
  });
  socket.on('close', () => {
    state.closed = true;
  });
  socket.on('error', () => {});
  socket.write(`GET ${target} HTTP/${version}\r\nHost: localhost\r\nX-Test-User: ${user}\r\n${headers}\r\n`);
  return state;
}
/** Waits for `condition`, turn after turn of the event loop, for up to 20 s: what it waits for takes milliseconds. */
const until = async (condition: () => boolean) => {
  const deadline = performance.now() + 20_000;
  while (!condition() && performance.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
  expect(condition()).toBe(true);
};

/** Decodes an HTTP/1.1 chunked body (what a browser's parser does): fails on a malformed chunk. */
function dechunk(body: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd === -1) return out;
    const size = Number.parseInt(body.slice(at, lineEnd), 16);
    expect(Number.isNaN(size)).toBe(false);
    if (size === 0) return out;
    const data = body.slice(lineEnd + 2, lineEnd + 2 + size);
    if (data.length < size) return out;
    out += data;
    expect(body.slice(lineEnd + 2 + size, lineEnd + 4 + size)).toBe('\r\n');
    at = lineEnd + 4 + size;
  }
}

const body = (raw: string) => raw.slice(raw.indexOf('\r\n\r\n') + 4);
/** The events a stream was sent, without its positions (`id:`) and the `reset` a stream opened without a time gets. */
const eventsOf = (c: ReturnType<typeof openRaw>) =>
  dechunk(body(c.text))
    .split('\n\n')
    .filter((f) => f.startsWith('event: ') && f !== RESET);
const RESET = 'event: reset\ndata: {}';
const solve = (userId: string, i: number) => ({
  userId,
  username: userId,
  challengeId: `c${i}`,
  challengeTitle: `C${i}`,
  points: 10,
  score: 10 * i,
  firstBlood: false,
});

describe('live fan-out', () => {
  it('writes every event to every stream as valid chunks (HTTP/1.1) and bare bytes (HTTP/1.0)', async () => {
    const base = clientCount;
    const clients = Array.from({ length: 30 }, (_, i) => openRaw(`p${i}`, `127.0.3.${1 + (i % 5)}`));
    const old = openRaw('p-old', '127.0.3.9', '1.0');
    await until(() => clientCount === base + 31 && [...clients, old].every((c) => c.text.includes(': connected')));
    for (let i = 0; i < 5; i += 1) bus.publish('solve', solve('solver', i) as never);
    const expected = Array.from({ length: 5 }, (_, i) => `event: solve\ndata: ${JSON.stringify(solve('solver', i))}\n\n`).join(
      '',
    );
    const solvesOf = (text: string) => text.slice(text.indexOf('event: solve')).replace(/id: \d+\n\n/g, '');
    await until(
      () => clients.every((c) => solvesOf(dechunk(body(c.text))) === expected) && solvesOf(body(old.text)) === expected,
    );
    expect(clients[0]!.text).toMatch(/transfer-encoding: chunked/i);
    expect(old.text).not.toMatch(/transfer-encoding/i);
    for (const c of [...clients, old]) c.socket.destroy();
    await until(() => clientCount === base);
  });

  it('sends the events of one turn (a solve and its leaderboard change) as one chunk', async () => {
    const base = clientCount;
    const client = openRaw('one-chunk', '127.0.5.1');
    await until(() => clientCount === base + 1 && client.text.includes(': connected'));
    const before = body(client.text).length;
    bus.publish('solve', solve('solver', 7) as never);
    bus.publish('leaderboard', { reason: 'solve' });
    await until(() => dechunk(body(client.text)).includes('event: leaderboard'));
    const chunk = body(client.text).slice(before);
    const size = Number.parseInt(chunk.slice(0, chunk.indexOf('\r\n')), 16);
    const expected = `event: solve\ndata: ${JSON.stringify(solve('solver', 7))}\n\nevent: leaderboard\ndata: {"reason":"solve"}\n\n`;
    // Then the stream's position.
    expect(dechunk(chunk)).toMatch(new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}id: \\d+\n\n$`));
    expect(size).toBe(Buffer.byteLength(dechunk(chunk)));
    client.socket.destroy();
    await until(() => clientCount === base);
  });

  it('merges the events that come while it rests after a flush, instead of a write per stream for each', async () => {
    const base = clientCount;
    const clients = Array.from({ length: 40 }, (_, i) => openRaw(`rest${i}`, `127.0.8.${1 + (i % 4)}`));
    await until(() => clientCount === base + 40 && clients.every((c) => c.text.includes(': connected')));
    // A hundred solves, each in its own turn of the event loop, as flags answered one by one would be. A flush writes 40
    // sockets, a turn of this loop publishes one event: the rest after a flush (nine times its length) spans several turns
    // on any machine, so the events of several turns go out together.
    for (let i = 0; i < 100; i += 1) {
      bus.publish('solve', solve('rester', i) as never);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await until(() => clients.every((c) => eventsOf(c).length === 100));
    // Each write ends with the stream's position.
    const writes = (dechunk(body(clients[0]!.text)).match(/^id: \d+$/gm) ?? []).length;
    expect(writes).toBeLessThanOrEqual(50);
    for (const c of clients) c.socket.destroy();
    await until(() => clientCount === base);
  });

  it('during a freeze, tells a solve to admins as it is, to its solver as they see it, and to no one else', async () => {
    const base = clientCount;
    const admin = openRaw('admin', '127.0.6.1');
    const solver = openRaw('frozen-solver', '127.0.6.2');
    const other = openRaw('other', '127.0.6.3');
    await until(() => clientCount === base + 3 && [admin, solver, other].every((c) => c.text.includes(': connected')));
    frozen = true;
    try {
      const event = { ...solve('frozen-solver', 8), firstBlood: true, frozenView: { points: 1, score: 2 } };
      bus.publish('solve', event as never);
      bus.publish('leaderboard', { reason: 'solve' });
      // A marker for everyone, after: what a stream did not get before it, it never gets.
      bus.publish('announcement', { action: 'created', id: 1 } as never);
    } finally {
      frozen = false;
    }
    const events = eventsOf;
    await until(() => [admin, solver, other].every((c) => dechunk(body(c.text)).includes('event: announcement')));
    const { frozenView: _hidden, ...asIs } = { ...solve('frozen-solver', 8), firstBlood: true, frozenView: undefined };
    expect(events(admin)).toEqual([
      `event: solve\ndata: ${JSON.stringify(asIs)}`,
      'event: leaderboard\ndata: {"reason":"solve"}',
      'event: announcement\ndata: {"action":"created","id":1}',
    ]);
    expect(events(solver)).toEqual([
      `event: solve\ndata: ${JSON.stringify({ ...asIs, points: 1, score: 2, firstBlood: false })}`,
      'event: announcement\ndata: {"action":"created","id":1}',
    ]);
    expect(events(other)).toEqual(['event: announcement\ndata: {"action":"created","id":1}']);
    for (const c of [admin, solver, other]) c.socket.destroy();
    await until(() => clientCount === base);
  });

  it('sends a stream what it missed since the time it gives, as it would have been told live, and a reset when that is not kept', async () => {
    const base = clientCount;
    const watcher = openRaw('admin', '127.0.7.1');
    await until(() => clientCount === base + 1 && watcher.text.includes(': connected'));
    // The page's first reads, then (before its stream opens) a frozen solve, a leaderboard change and an announcement.
    const since = Date.now() - 1;
    frozen = true;
    try {
      bus.publish('solve', { ...solve('late-solver', 9), firstBlood: true, frozenView: { points: 3, score: 4 } } as never);
      bus.publish('leaderboard', { reason: 'solve' });
    } finally {
      frozen = false;
    }
    await until(() => dechunk(body(watcher.text)).includes('event: leaderboard'));
    bus.publish('announcement', { action: 'created', id: 2 } as never);
    await until(() => dechunk(body(watcher.text)).includes('event: announcement'));
    const target = `/api/events?since=${since}`;
    const admin = openRaw('admin', '127.0.7.2', '1.1', target);
    const solver = openRaw('late-solver', '127.0.7.3', '1.1', target);
    const other = openRaw('other', '127.0.7.4', '1.1', target);
    const unknown = openRaw('other', '127.0.7.5');
    const tooOld = openRaw('other', '127.0.7.6', '1.1', '/api/events?since=1');
    const all = [admin, solver, other, unknown, tooOld];
    await until(() => clientCount === base + 6 && all.every((c) => c.text.includes(': connected')));
    // A marker after: what a stream was not sent before it, it never is.
    bus.publish('announcement', { action: 'created', id: 3 } as never);
    await until(() => all.every((c) => dechunk(body(c.text)).includes('"id":3')));
    const asIs = { ...solve('late-solver', 9), firstBlood: true };
    const announcements = [
      'event: announcement\ndata: {"action":"created","id":2}',
      'event: announcement\ndata: {"action":"created","id":3}',
    ];
    expect(eventsOf(admin)).toEqual([
      `event: solve\ndata: ${JSON.stringify(asIs)}`,
      'event: leaderboard\ndata: {"reason":"solve"}',
      ...announcements,
    ]);
    expect(eventsOf(solver)).toEqual([
      `event: solve\ndata: ${JSON.stringify({ ...asIs, points: 3, score: 4, firstBlood: false })}`,
      ...announcements,
    ]);
    expect(eventsOf(other)).toEqual(announcements);
    for (const c of [admin, solver, other]) expect(dechunk(body(c.text))).not.toContain(RESET);
    // No time, or one before what is kept (here, before the server started): read everything again.
    for (const c of [unknown, tooOld]) {
      expect(dechunk(body(c.text))).toContain(RESET);
      expect(eventsOf(c)).toEqual([announcements[1]]);
    }
    // A browser reconnecting by itself sends the last position it was told: only what came after it.
    const position = /id: (\d+)\n\n$/.exec(dechunk(body(admin.text)))![1]!;
    bus.publish('announcement', { action: 'created', id: 4 } as never);
    await until(() => dechunk(body(watcher.text)).includes('"id":4'));
    const back = openRaw('other', '127.0.7.7', '1.1', target, `Last-Event-ID: ${position}\r\n`);
    await until(() => clientCount === base + 7 && back.text.includes(': connected'));
    bus.publish('announcement', { action: 'created', id: 5 } as never);
    await until(() => dechunk(body(back.text)).includes('"id":5'));
    expect(eventsOf(back)).toEqual([
      'event: announcement\ndata: {"action":"created","id":4}',
      'event: announcement\ndata: {"action":"created","id":5}',
    ]);
    for (const c of [watcher, ...all, back]) c.socket.destroy();
    await until(() => clientCount === base);
  });

  it('answers 400 to a time that is not one', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/events?since=yesterday', headers: { 'x-test-user': 'p' } });
    expect(response.statusCode).toBe(400);
  });

  it(`closes a stream whose client stops reading once ${MAX_UNREAD_BYTES / 1024} KiB wait unread, and keeps the others`, async () => {
    const base = clientCount;
    const reader = openRaw('reader', '127.0.4.1');
    const stalled = openRaw('stalled', '127.0.4.2');
    await until(() => clientCount === base + 2 && reader.text.includes(': connected') && stalled.text.includes(': connected'));
    stalled.socket.pause();
    // 64 KiB announcements: the kernel's socket buffers take a few MB, then the server's own buffer grows. Without a bound,
    // 400 of them (25 MB) would all wait in the server for the stalled client.
    const text = 'x'.repeat(64 * 1024);
    let sent = 0;
    for (; sent < 400 && clientCount === base + 2; sent += 1) {
      const read = reader.text.length;
      bus.publish('announcement', { action: 'created', id: sent, title: text } as never);
      // The reader reads each one, as a browser would.
      await until(() => reader.text.length >= read + text.length || clientCount !== base + 2);
    }
    await until(() => clientCount === base + 1);
    expect(sent).toBeLessThan(400);
    // The stalled client, reading again, finds its stream ended before the last event.
    stalled.socket.resume();
    await until(() => stalled.closed);
    expect(stalled.text).not.toContain(`"id":${sent - 1},`);
    // The client that read stays open and gets every event, and the next ones.
    bus.publish('solve', solve('after', 1) as never);
    await until(() => dechunk(body(reader.text)).includes('"userId":"after"'));
    expect(reader.closed).toBe(false);
    expect(dechunk(body(reader.text)).split('event: announcement').length - 1).toBe(sent);
    reader.socket.destroy();
    await until(() => clientCount === base);
  });
});
