// A Server-Sent Events client of GET /api/events, for the tests that watch live events across instances.
import http from 'node:http';

export interface LiveStream {
  events: { type: string; data: unknown }[];
  /** Resolves with the first event that `match` accepts (already received or to come). */
  next(match: (event: { type: string; data: unknown }) => boolean, timeoutMs?: number): Promise<unknown>;
  close(): void;
}

/** An SSE client of GET /api/events. */
export function openLiveStream(baseUrl: string, cookie: string): Promise<LiveStream> {
  return new Promise((resolve, reject) => {
    const events: { type: string; data: unknown }[] = [];
    const waiters = new Set<() => void>();
    const req = http.get(`${baseUrl}/api/events`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`live stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (type && data) events.push({ type, data: JSON.parse(data) as unknown });
        }
        for (const waiter of waiters) waiter();
      });
      res.on('error', () => {});
      resolve({
        events,
        next: (match, timeoutMs = 60_000) =>
          new Promise((resolveEvent, rejectEvent) => {
            const check = () => {
              const found = events.find(match);
              if (!found) return;
              waiters.delete(check);
              clearTimeout(timer);
              resolveEvent(found.data);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              rejectEvent(new Error(`no matching live event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          }),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}
