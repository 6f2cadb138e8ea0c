// A child process of the live-clients figure (bench/lib/live.ts): holds its share of the SSE streams, so that 10,000
// streams are read by several processes and the figure measures the server, not one client's event loop. Spoken to
// over the IPC channel of `fork` (messages below); times are wall-clock milliseconds (performance.timeOrigin + now),
// comparable between processes of one machine.
import http from 'node:http';
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

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const requests: http.ClientRequest[] = [];
const arrivals: Record<string, number[]> = {};
let delivered = 0;
let closedByServer = 0;
let closing = false;
let markCpu = process.cpuUsage();
let markElu = performance.eventLoopUtilization();

function open(baseUrl: string, cookie: string, address: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const req = http.get(
      `${baseUrl}/api/events`,
      { agent, headers: { cookie, accept: 'text/event-stream' }, localAddress: address },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`SSE answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        let ready = false;
        res.on('data', (chunk: string) => {
          const at = now();
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            if (!ready && frame.includes(': connected')) {
              ready = true;
              resolve();
            }
            if (!frame.startsWith('event: solve\n')) continue;
            const data = JSON.parse(frame.slice(frame.indexOf('data: ') + 6)) as { userId: string; challengeId: string };
            (arrivals[`${data.userId}|${data.challengeId}`] ??= []).push(at);
            delivered += 1;
          }
        });
        res.on('close', () => {
          if (!closing) closedByServer += 1;
        });
        res.on('error', () => {});
      },
    );
    req.on('error', reject);
    requests.push(req);
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
      for (const req of requests) req.destroy();
      agent.destroy();
      process.disconnect?.();
    }
  })();
});
