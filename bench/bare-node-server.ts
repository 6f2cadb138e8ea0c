// The limit the benchmark compares Drapeau with: a bare node:http server, in its own process like the real one, that
// returns the same leaderboard bytes and answers a flag submission after parsing its JSON body, with no framework,
// no session, no database. Started by bench/run.ts with PORT, BARE_PAGE_FILE and BARE_SEARCH_FILE.
import { readFileSync } from 'node:fs';
import http from 'node:http';

import { LISTEN_BACKLOG } from '../apps/server/src/http/server-limits.js';

const page = readFileSync(process.env.BARE_PAGE_FILE ?? '');
const search = readFileSync(process.env.BARE_SEARCH_FILE ?? '');
const wrongFlag = Buffer.from(JSON.stringify({ success: false, status: 'incorrect', message: 'Incorrect flag. Try again!' }));

const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  if (req.method === 'GET' && url.startsWith('/api/leaderboard')) {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(url.includes('search=') ? search : page);
    return;
  }
  if (req.method === 'POST' && url.endsWith('/submit')) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { flag?: unknown };
        if (typeof body.flag !== 'string') throw new Error('no flag');
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(wrongFlag);
      } catch {
        res.writeHead(400).end();
      }
    });
    return;
  }
  res.writeHead(url === '/api/health' ? 200 : 404, { 'content-type': 'application/json' });
  res.end('{"status":"ok"}');
});
server.keepAliveTimeout = 72_000;
// The real server's listen backlog, so that a burst of new connections meets the same queue.
server.listen({ port: Number(process.env.PORT), host: '127.0.0.1', backlog: LISTEN_BACKLOG });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
