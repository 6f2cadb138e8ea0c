import type { ServerResponse } from 'node:http';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { SERVER_EVENT_TYPES } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import { ADMIN_ONLY_EVENTS, type EventBus } from './event-bus.js';
import { createCoalescer, createStreamCounter } from './stream-limits.js';

const HEARTBEAT_MS = 25_000;
const LEADERBOARD_COALESCE_MS = 1000;
/** What browsers may see; other bus events (settings) stay between server instances. */
const PUBLIC_EVENT_TYPES = new Set<string>(SERVER_EVENT_TYPES);

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
}> = async (app, options) => {
  const { events, guards } = options;
  const streams = new Set<ServerResponse>();
  /** The admins' streams among them: only they receive admin-only events (shared-flag incidents). */
  const adminStreams = new Set<ServerResponse>();
  const counter = createStreamCounter();
  const writeAll = (frame: string) => {
    for (const stream of streams) stream.write(frame);
  };
  const leaderboardFrames = createCoalescer(LEADERBOARD_COALESCE_MS, writeAll);

  const unsubscribe = events.subscribe((message) => {
    if (!PUBLIC_EVENT_TYPES.has(message.type)) return;
    const frame = `event: ${message.type}\ndata: ${JSON.stringify(message.data)}\n\n`;
    if (ADMIN_ONLY_EVENTS.has(message.type)) for (const stream of adminStreams) stream.write(frame);
    else if (message.type === 'leaderboard') leaderboardFrames.push(frame);
    else writeAll(frame);
  });
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    unsubscribe();
    leaderboardFrames.close();
    clearInterval(heartbeat);
    for (const stream of streams) stream.end();
    streams.clear();
    adminStreams.clear();
  });

  app.get(
    '/',
    {
      onRequest: guards.requireUser,
      schema: { tags: ['events'], description: 'text/event-stream of `solve` and `leaderboard` events.' },
    },
    async (request, reply) => {
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
      if (currentUser(request).role === 'admin') adminStreams.add(raw);
      options.onClientCount?.(streams.size);
      request.raw.on('close', () => {
        streams.delete(raw);
        adminStreams.delete(raw);
        release();
        options.onClientCount?.(streams.size);
      });
    },
  );
};
