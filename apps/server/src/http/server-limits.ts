import type { IncomingMessage, Server } from 'node:http';

/**
 * Timeouts of the HTTP server, so that connections that send nothing, or send a request slowly, cannot hold the file
 * descriptors of everyone else (issue #17.1, docs/decisions/010-abuse-limits.md). A reverse proxy in front should still
 * limit connections per client address (README "Behind a reverse proxy").
 */
const SERVER_TIMEOUTS = {
  /** Time to send a complete request once a connection is open, and to send its headers: a few seconds. */
  firstRequestTimeoutMs: 10_000,
  /** Headers sent a byte at a time (slowloris) end with 408 after this; checked every second. */
  headersTimeoutMs: 10_000,
  /** A whole request, body included (an avatar is at most 5 MB). */
  requestTimeoutMs: 30_000,
  /**
   * An idle kept-alive connection between two requests: longer than the idle timeout of the clients and proxies in
   * front (nginx 60 s), so that the server never closes a connection the instant a client reuses it (a reset request).
   * Fastify's default; such connections count against MAX_CONNECTIONS.
   */
  keepAliveTimeoutMs: 72_000,
  /** A connection silent in both directions while a request is answered (SSE streams write every 25 s). */
  socketTimeoutMs: 120_000,
} as const;

/**
 * Connections the kernel may hold for the server before it accepts them (capped by net.core.somaxconn, 4,096 by default).
 * Node's default, 511, is passed by the players of an event's start, each opening a connection at once while the server
 * is busy: the kernel then drops their SYNs, and each retries after a second (docs/performance.md "2026-11-25"). The
 * benchmark's bare servers listen with the same.
 */
export const LISTEN_BACKLOG = 4096;

/** Fastify's options for those timeouts (`connectionTimeout` is the socket inactivity timeout). */
export function serverTimeoutOptions() {
  return {
    connectionTimeout: SERVER_TIMEOUTS.socketTimeoutMs,
    keepAliveTimeout: SERVER_TIMEOUTS.keepAliveTimeoutMs,
    requestTimeout: SERVER_TIMEOUTS.requestTimeoutMs,
    http: { headersTimeout: SERVER_TIMEOUTS.headersTimeoutMs, connectionsCheckingInterval: 1000 },
  };
}

/**
 * Bounds the open connections (more are closed at once by Node) and closes a connection on which no request has arrived
 * within a few seconds: Node's own timeouts start with the first byte, so a connection that never sends one would stay
 * open for ever.
 */
export function limitConnections(server: Server, maxConnections: number): void {
  server.maxConnections = maxConnections;
  // Node's listener runs first and sets the socket timeout to the server's; this one shortens it until a request arrives.
  server.on('connection', (socket) => socket.setTimeout(SERVER_TIMEOUTS.firstRequestTimeoutMs));
  // Once per connection: for each later request on a kept-alive connection Node itself sets the server's timeout,
  // which is this one (connectionTimeout above); setting it again would re-arm a timer per request.
  const lengthened = new WeakSet<object>();
  server.on('request', (request: IncomingMessage) => {
    if (lengthened.has(request.socket)) return;
    lengthened.add(request.socket);
    request.socket.setTimeout(SERVER_TIMEOUTS.socketTimeoutMs);
  });
}
