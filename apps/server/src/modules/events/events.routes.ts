import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { SERVER_EVENT_TYPES } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { EventBus, ServerEvents } from './event-bus.js';
import { liveAudienceOf } from './live-audience.js';
import { createLiveReplay } from './live-replay.js';
import { createCoalescer, createStreamCounter } from './stream-limits.js';

const HEARTBEAT_MS = 25_000;
/**
 * After a flush that took d ms, the next waits until 9d later (what comes meanwhile goes out together): the fan-out takes
 * at most a tenth of the event loop, whatever the rate of solves (docs/performance.md "Event start"). A few streams flush
 * at once; 5,000 at most a few times a second.
 */
const FLUSH_REST_RATIO = 9;
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

/** Bytes written to streams, framed once: as one HTTP/1.1 chunk, and bare for an HTTP/1.0 response. */
interface Frame {
  chunked: Buffer;
  plain: Buffer;
}
const CRLF = Buffer.from('\r\n');
function frameOf(parts: readonly Buffer[]): Frame | undefined {
  if (parts.length === 0) return undefined;
  const plain = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  return { plain, chunked: Buffer.concat([Buffer.from(`${plain.length.toString(16)}\r\n`), plain, CRLF]) };
}
const eventBytes = (type: string, data: unknown) => Buffer.from(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
const KEEP_ALIVE = Buffer.from(': keep-alive\n\n');
/** The stream's position, sent after each flush: the browser sends it back as `Last-Event-ID` when it reconnects. */
const positionBytes = (at: number) => Buffer.from(`id: ${at}\n\n`);
/** What a stream missed is not all kept: the client reads everything again. */
const RESET = eventBytes('reset', {});
/** A position or a time: the digits of a number of milliseconds. */
const POSITION = /^\d{1,15}$/;

/**
 * What the events of one turn of the event loop send: to everyone, to admins only, or (during a freeze) to the solver's
 * own streams, told as they see it.
 */
type Outgoing =
  { to: 'everyone' | 'admins'; bytes: Buffer } | { to: 'own'; bytes: Buffer; isOwn: (stream: LiveStream) => boolean };

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
  const counter = createStreamCounter();
  /**
   * Writes bytes framed once for every stream straight to the stream's socket: one write, no per-stream encoding or chunk
   * framing. A stream whose client stopped reading is closed (MAX_UNREAD_BYTES).
   */
  const send = (stream: LiveStream, frame: Frame) => {
    const { socket } = stream;
    socket.write(stream.chunked ? frame.chunked : frame.plain);
    if (socket.writableLength > MAX_UNREAD_BYTES) {
      streams.delete(stream);
      socket.destroy();
    }
  };
  /**
   * The events of one turn of the event loop (a solve and its leaderboard change, or notifications read together from
   * PostgreSQL), or of the rest after a long flush (FLUSH_REST_RATIO), go out as one write per stream: each write is a
   * system call, the cost that grows with the number of streams (docs/performance.md "10,000 live clients").
   */
  let outbox: Outgoing[] = [];
  let closed = false;
  const replay = createLiveReplay<Outgoing>();
  /** What of `sent` a stream is told: an admin everything but the solver's own view, a player the public and their own. */
  const seenBy = (stream: LiveStream, sent: readonly Outgoing[]) =>
    sent.filter((o) => (stream.admin ? o.to !== 'own' : o.to === 'everyone' || (o.to === 'own' && o.isOwn(stream))));
  let flushScheduled = false;
  let nextFlushAt = 0;
  const flush = () => {
    flushScheduled = false;
    const sent = outbox;
    outbox = [];
    if (closed) return;
    const started = performance.now();
    const kept = sent.filter((o) => o.bytes !== KEEP_ALIVE);
    const position = kept.length > 0 ? [positionBytes(replay.record(kept))] : [];
    const toAdmins = frameOf([...sent.filter((o) => o.to !== 'own').map((o) => o.bytes), ...position]);
    const toPlayers = frameOf([...sent.filter((o) => o.to === 'everyone').map((o) => o.bytes), ...position]);
    const own = sent.filter((o) => o.to === 'own');
    for (const stream of streams) {
      if (stream.admin) {
        if (toAdmins) send(stream, toAdmins);
      } else if (own.some((o) => o.isOwn(stream))) {
        // The solver's own streams (rare): their own bytes, in order with the rest.
        send(stream, frameOf([...seenBy(stream, sent).map((o) => o.bytes), ...position])!);
      } else if (toPlayers) send(stream, toPlayers);
    }
    const ended = performance.now();
    nextFlushAt = ended + FLUSH_REST_RATIO * (ended - started);
  };
  const post = (outgoing: Outgoing) => {
    outbox.push(outgoing);
    if (flushScheduled) return;
    flushScheduled = true;
    const wait = nextFlushAt - performance.now();
    if (wait > 0) setTimeout(flush, wait);
    else setImmediate(flush);
  };
  const writeAll = (bytes: Buffer) => post({ to: 'everyone', bytes });
  const writeAdmins = (bytes: Buffer) => post({ to: 'admins', bytes });
  const leaderboardFrames = createCoalescer(LEADERBOARD_COALESCE_MS, writeAll);
  const adminLeaderboardFrames = createCoalescer(LEADERBOARD_COALESCE_MS, writeAdmins);

  /**
   * A user's sessions were revoked (a change of role, a ban, a deletion, a password or address change), on this instance
   * or another (the bus tells every instance): their streams end at once, and no event queued for them is sent. A stream
   * thus never outlives the role it was opened with; a browser that may still sign in reconnects by itself, with its
   * current rights (docs/decisions/012-accounts.md).
   */
  const endStreamsOf = (userId: string) => {
    for (const stream of streams) {
      if (stream.userId !== userId) continue;
      streams.delete(stream);
      stream.response.end();
    }
  };

  const unsubscribe = events.subscribe((message) => {
    if (message.type === 'sessions') return endStreamsOf((message.data as ServerEvents['sessions']).userId);
    if (!PUBLIC_EVENT_TYPES.has(message.type)) return;
    const audience = liveAudienceOf(message, options.isFrozen?.() ?? false);
    if (message.type === 'solve') {
      const { frozenView, solveIds: _solveIds, ...solve } = message.data as ServerEvents['solve'];
      const bytes = eventBytes('solve', solve);
      if (audience === 'everyone') return writeAll(bytes);
      // docs/product.md#freeze: admins hear every solve; a player hears only of theirs (their team's in team mode), as they
      // see it (no first blood).
      writeAdmins(bytes);
      return post({
        to: 'own',
        bytes: eventBytes('solve', { ...solve, ...frozenView, firstBlood: false }),
        isOwn: (stream) => stream.userId === solve.userId || (solve.teamId !== undefined && stream.teamId === solve.teamId),
      });
    }
    const frame = eventBytes(message.type, message.data);
    if (message.type === 'leaderboard') (audience === 'admins' ? adminLeaderboardFrames : leaderboardFrames).push(frame);
    else if (audience === 'admins') writeAdmins(frame);
    else writeAll(frame);
  });
  const heartbeat = setInterval(() => {
    writeAll(KEEP_ALIVE);
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
    closed = true;
    for (const stream of streams) stream.response.end();
    streams.clear();
    done();
  });

  app.get(
    '/',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['events'],
        description:
          'text/event-stream of `solve` and `leaderboard` events. First, what was sent after `since` (a time in ms of the ' +
          'server clock; `Last-Event-ID` when the browser reconnects), or a `reset` event when that is not all kept.',
        querystring: z.object({ since: z.string().regex(POSITION).optional() }),
      },
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
      // What it missed, written before it joins the streams (in the same turn: no flush comes between).
      const lastEventId = request.headers['last-event-id'];
      const since = typeof lastEventId === 'string' && POSITION.test(lastEventId) ? lastEventId : request.query.since;
      const missed = replay.since(since === undefined ? undefined : Number(since));
      if (!missed) raw.write(RESET);
      else if (missed.items.length > 0) {
        raw.write(Buffer.concat([...seenBy(stream, missed.items).map((o) => o.bytes), positionBytes(missed.at)]));
      }
      streams.add(stream);
      options.onClientCount?.(streams.size);
      request.raw.on('close', () => {
        streams.delete(stream);
        release();
        options.onClientCount?.(streams.size);
      });
    },
  );
};
