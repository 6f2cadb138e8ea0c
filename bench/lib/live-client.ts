// A child process of the live-clients figure (bench/lib/live.ts): holds its share of the SSE streams, so that 10,000
// streams are read by several processes and the figure measures the server, not one client's event loop. Spoken to
// over the IPC channel of `fork` (messages below); times are wall-clock milliseconds (performance.timeOrigin + now),
// comparable between processes of one machine.
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export type ToClient =
  | { type: 'open'; baseUrl: string; clients: { cookie: string; address: string }[]; concurrency: number }
  | { type: 'mark' }
  | { type: 'count' }
  | { type: 'report' }
  | { type: 'close' };

export type FromClient =
  | { type: 'opened'; connected: number; failed: number; errors: string[] }
  | { type: 'marked' }
  | { type: 'count'; delivered: number }
  | {
      type: 'report';
      /** Arrival times of each `solve` event, by `userId|challengeId`. */
      arrivals: Record<string, number[]>;
      /** Since the last `mark`: this process's CPU seconds and event-loop utilization (0-1). */
      cpuSeconds: number;
      eventLoopUtilization: number;
      closedByServer: number;
    };

const now = () => performance.timeOrigin + performance.now();
const send = (message: FromClient) => process.send?.(message);

const sockets: net.Socket[] = [];
const arrivals: Record<string, number[]> = {};
let delivered = 0;
let closedByServer = 0;
let closing = false;
let markCpu = process.cpuUsage();
let markElu = performance.eventLoopUtilization();

const SOLVE = 'event: solve\ndata: ';

/**
 * One stream on a bare TCP socket: the request written by hand, the answer scanned for `solve` events (the server writes
 * each event whole inside one HTTP chunk, so the chunk-size lines never split one). Cheaper than Node's HTTP client, so
 * that the client processes take less of the CPU the server needs.
 */
function open(baseUrl: string, cookie: string, address: string): Promise<void> {
  const url = new URL(baseUrl);
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress: address });
    sockets.push(socket);
    socket.setEncoding('utf8');
    let buffer = '';
    let ready = false;
    socket.on('connect', () => {
      socket.write(`GET /api/events HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${cookie}\r\nAccept: text/event-stream\r\n\r\n`);
    });
    socket.on('data', (chunk: string) => {
      const at = now();
      buffer += chunk;
      if (!ready) {
        if (!buffer.startsWith('HTTP/1.1 200')) {
          if (buffer.includes('\r\n')) {
            reject(new Error(`SSE answered ${buffer.slice(0, buffer.indexOf('\r\n'))}`));
            socket.destroy();
          }
          return;
        }
        const connected = buffer.indexOf(': connected');
        if (connected === -1) return;
        ready = true;
        buffer = buffer.slice(connected);
        resolve();
      }
      let start = buffer.indexOf(SOLVE);
      while (start !== -1) {
        const end = buffer.indexOf('\n', start + SOLVE.length);
        if (end === -1) break;
        const data = JSON.parse(buffer.slice(start + SOLVE.length, end)) as { userId: string; challengeId: string };
        (arrivals[`${data.userId}|${data.challengeId}`] ??= []).push(at);
        delivered += 1;
        buffer = buffer.slice(end);
        start = buffer.indexOf(SOLVE);
      }
      if (start === -1) buffer = buffer.slice(-SOLVE.length);
      else buffer = buffer.slice(start);
    });
    socket.on('close', () => {
      if (!ready) reject(new Error('closed before the stream opened'));
      else if (!closing) closedByServer += 1;
    });
    socket.on('error', (error) => {
      if (!ready) reject(error);
    });
  });
}

process.on('message', (message: ToClient) => {
  void (async () => {
    if (message.type === 'open') {
      let connected = 0;
      const errors = new Set<string>();
      const { clients, concurrency } = message;
      for (let i = 0; i < clients.length; i += concurrency) {
        const batch = clients.slice(i, i + concurrency).map((c) => open(message.baseUrl, c.cookie, c.address));
        for (const r of await Promise.allSettled(batch)) {
          if (r.status === 'fulfilled') connected += 1;
          else errors.add(String((r.reason as Error).message));
        }
      }
      send({ type: 'opened', connected, failed: clients.length - connected, errors: [...errors].slice(0, 5) });
    } else if (message.type === 'mark') {
      markCpu = process.cpuUsage();
      markElu = performance.eventLoopUtilization();
      send({ type: 'marked' });
    } else if (message.type === 'count') {
      send({ type: 'count', delivered });
    } else if (message.type === 'report') {
      const cpu = process.cpuUsage(markCpu);
      send({
        type: 'report',
        arrivals,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        eventLoopUtilization: performance.eventLoopUtilization(markElu).utilization,
        closedByServer,
      });
    } else {
      closing = true;
      for (const socket of sockets) socket.destroy();
      process.disconnect?.();
    }
  })();
});
