import type { ServerResponse } from 'node:http';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { SERVER_EVENT_TYPES } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { EventBus, ServerEvents } from './event-bus.js';
import { liveAudienceOf } from './live-audience.js';
import { createCoalescer, createStreamCounter } from './stream-limits.js';

const HEARTBEAT_MS = 25_000;
const LEADERBOARD_COALESCE_MS = 1000;
/** What browsers may see; other bus events (settings) stay between server instances. */
const PUBLIC_EVENT_TYPES = new Set<string>(SERVER_EVENT_TYPES);
/**
 * Bytes a stream may leave unread in this process (beyond what the kernel's socket buffers hold) before it is closed: a
 * client that stops reading (a frozen tab, a script) would otherwise make the server keep every later event for it, without
 * bound. 256 KiB is about a thousand solve events; a browser that comes back reconnects by itself (docs/performance.md).
 */
export const MAX_UNREAD_BYTES = 256 * 1024;
const KEEP_ALIVE = Buffer.from(': keep-alive\n\n');

/**
 * GET /api/events: Server-Sent Events for signed-in users. Each event is serialized once and written to every open
 * stream; a comment line every 25 s keeps proxies from closing idle streams. Browsers reconnect by themselves
 * (EventSource, `retry: 3000`).
 */
export const eventsRoutes: FastifyPluginAsyncZod<{
  events: EventBus;
  guards: Guards;
  /** Told the number of open streams when it changes (the live-clients metric). */
  onClientCount?: (count: number) => void;
  /** Whether the freeze holds now (docs/product.md#freeze): players then hear only of their own solves. */
  isFrozen?: () => boolean;
  /** A player's team (team mode): during a freeze its members hear of its solves (docs/product.md#freeze). */
  teamOf?: (userId: string) => Promise<string | undefined>;
}> = async (app, options) => {
  const { events, guards } = options;
  const streams = new Set<ServerResponse>();
  /** The admins' streams among them: only they receive admin-only events (shared-flag incidents). */
  const adminStreams = new Set<ServerResponse>();
  /** Whose each stream is: during a freeze a player's streams get their own solves only. */
  const owners = new Map<ServerResponse, string>();
  /** Whose team each stream is (team mode), read when it opens. */
  const teamsOf = new Map<ServerResponse, string>();
  const counter = createStreamCounter();
  const forget = (stream: ServerResponse) => {
    streams.delete(stream);
    adminStreams.delete(stream);
    owners.delete(stream);
    teamsOf.delete(stream);
  };
  /** The same bytes go to every stream (encoded once per event); a stream that stopped reading is closed. */
  const send = (stream: ServerResponse, frame: Buffer) => {
    stream.write(frame);
    if (stream.writableLength > MAX_UNREAD_BYTES) {
      forget(stream);
      stream.destroy();
    }
  };
  const writeAll = (frame: Buffer) => {
    for (const stream of streams) send(stream, frame);
  };
  const writeAdmins = (frame: Buffer) => {
    for (const stream of adminStreams) send(stream, frame);
  };
  const leaderboardFrames = createCoalescer(LEADERBOARD_COALESCE_MS, writeAll);
  const adminLeaderboardFrames = createCoalescer(LEADERBOARD_COALESCE_MS, writeAdmins);
  const frameOf = (type: string, data: unknown) => Buffer.from(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);

  const unsubscribe = events.subscribe((message) => {
    if (!PUBLIC_EVENT_TYPES.has(message.type)) return;
    const audience = liveAudienceOf(message, options.isFrozen?.() ?? false);
    if (message.type === 'solve') {
      const { frozenView, ...solve } = message.data as ServerEvents['solve'];
      const frame = frameOf('solve', solve);
      if (audience === 'everyone') return writeAll(frame);
      // docs/product.md#freeze: admins hear every solve; a player hears only of theirs (their team's in team mode), as they
      // see it (no first blood).
      writeAdmins(frame);
      const own = frameOf('solve', { ...solve, ...frozenView, firstBlood: false });
      const isOwn = (stream: ServerResponse, userId: string) =>
        userId === solve.userId || (solve.teamId !== undefined && teamsOf.get(stream) === solve.teamId);
      for (const [stream, userId] of owners) if (isOwn(stream, userId) && !adminStreams.has(stream)) send(stream, own);
      return;
    }
    const frame = frameOf(message.type, message.data);
    if (message.type === 'leaderboard') (audience === 'admins' ? adminLeaderboardFrames : leaderboardFrames).push(frame);
    else if (audience === 'admins') writeAdmins(frame);
    else writeAll(frame);
  });
  const heartbeat = setInterval(() => {
    for (const stream of streams) send(stream, KEEP_ALIVE);
  }, HEARTBEAT_MS);
  heartbeat.unref();

  // At shutdown, before the HTTP server waits for its connections to finish: an open stream never finishes by itself, so
  // it would hold the stop until the grace delay ran out (docs/operations.md "Stopping"). Browsers reconnect to another
  // instance, or to this one once restarted.
  app.addHook('preClose', (done) => {
    unsubscribe();
    leaderboardFrames.close();
    adminLeaderboardFrames.close();
    owners.clear();
    teamsOf.clear();
    clearInterval(heartbeat);
    for (const stream of streams) stream.end();
    streams.clear();
    adminStreams.clear();
    done();
  });

  app.get(
    '/',
    {
      onRequest: guards.requireUser,
      schema: { tags: ['events'], description: 'text/event-stream of `solve` and `leaderboard` events.' },
    },
    async (request, reply) => {
      const teamId = await options.teamOf?.(currentUser(request).userId).catch(() => undefined);
      const release = counter.open(currentUser(request).userId, request.ip);
      reply.hijack();
      const raw = reply.raw;
      const cookies = reply.getHeader('set-cookie');
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        ...(cookies ? { 'set-cookie': cookies as string[] } : {}),
      });
      raw.write('retry: 3000\n: connected\n\n');
      streams.add(raw);
      owners.set(raw, currentUser(request).userId);
      if (teamId !== undefined) teamsOf.set(raw, teamId);
      if (currentUser(request).role === 'admin') adminStreams.add(raw);
      options.onClientCount?.(streams.size);
      request.raw.on('close', () => {
        forget(raw);
        release();
        options.onClientCount?.(streams.size);
      });
    },
  );
};
