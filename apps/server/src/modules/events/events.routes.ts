import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

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

/** An open stream: its socket, whether its body is chunked (HTTP/1.1) or ends with the connection (HTTP/1.0), and whose. */
interface LiveStream {
  response: ServerResponse;
  socket: Socket;
  chunked: boolean;
  userId: string;
  /** The player's team in team mode, read when the stream opens: during a freeze its members hear of its solves. */
  teamId?: string;
  admin: boolean;
}

/** An event's bytes, encoded once: as one HTTP/1.1 chunk, and bare for an HTTP/1.0 response. */
interface Frame {
  chunked: Buffer;
  plain: Buffer;
}
const CRLF = Buffer.from('\r\n');
function frameOfText(text: string): Frame {
  const plain = Buffer.from(text);
  return { plain, chunked: Buffer.concat([Buffer.from(`${plain.length.toString(16)}\r\n`), plain, CRLF]) };
}
const frameOf = (type: string, data: unknown) => frameOfText(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
const KEEP_ALIVE = frameOfText(': keep-alive\n\n');

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
  const streams = new Set<LiveStream>();
  /** The admins' streams among them: only they receive admin-only events (shared-flag incidents). */
  const adminStreams = new Set<LiveStream>();
  const counter = createStreamCounter();
  const forget = (stream: LiveStream) => {
    streams.delete(stream);
    adminStreams.delete(stream);
  };
  /**
   * Writes an event's bytes (encoded once for every stream) straight to the stream's socket: one write, no per-stream
   * encoding or chunk framing. A stream whose client stopped reading is closed (MAX_UNREAD_BYTES).
   */
  const send = (stream: LiveStream, frame: Frame) => {
    const { socket } = stream;
    socket.write(stream.chunked ? frame.chunked : frame.plain);
    if (socket.writableLength > MAX_UNREAD_BYTES) {
      forget(stream);
      socket.destroy();
    }
  };
  const writeAll = (frame: Frame) => {
    for (const stream of streams) send(stream, frame);
  };
  const writeAdmins = (frame: Frame) => {
    for (const stream of adminStreams) send(stream, frame);
  };
  const leaderboardFrames = createCoalescer(LEADERBOARD_COALESCE_MS, writeAll);
  const adminLeaderboardFrames = createCoalescer(LEADERBOARD_COALESCE_MS, writeAdmins);

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
      const isOwn = (stream: LiveStream) =>
        stream.userId === solve.userId || (solve.teamId !== undefined && stream.teamId === solve.teamId);
      for (const stream of streams) if (!stream.admin && isOwn(stream)) send(stream, own);
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
    clearInterval(heartbeat);
    for (const stream of streams) stream.response.end();
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
      // Sends the headers and the first bytes through Node's response (its chunked framing, if it chose one); every later
      // event goes straight to the socket in the same framing (`send`).
      raw.write('retry: 3000\n: connected\n\n');
      const { userId, role } = currentUser(request);
      const socket = raw.socket;
      // The client may have gone while its team was read: its close has then already been seen.
      if (!socket || socket.destroyed) {
        release();
        return;
      }
      const stream: LiveStream = {
        response: raw,
        socket,
        chunked: raw.chunkedEncoding,
        userId,
        ...(teamId !== undefined ? { teamId } : {}),
        admin: role === 'admin',
      };
      streams.add(stream);
      if (stream.admin) adminStreams.add(stream);
      options.onClientCount?.(streams.size);
      request.raw.on('close', () => {
        forget(stream);
        release();
        options.onClientCount?.(streams.size);
      });
    },
  );
};
