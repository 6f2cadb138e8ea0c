// The framework's own floor: Fastify with no plugin, no hook and no log, answering the same bytes as the bare Node
// server (bench/bare-node-server.ts). The distance from bare Node to it is Fastify's; from it to Drapeau, ours.
import { readFileSync } from 'node:fs';

import Fastify from 'fastify';

import { LISTEN_BACKLOG } from '../apps/server/src/http/server-limits.js';

const page = readFileSync(process.env.BARE_PAGE_FILE ?? '');
const search = readFileSync(process.env.BARE_SEARCH_FILE ?? '');
const wrongFlag = Buffer.from(JSON.stringify({ success: false, status: 'incorrect', message: 'Incorrect flag. Try again!' }));

const app = Fastify({ logger: false, keepAliveTimeout: 72_000 });
app.get('/api/leaderboard', (request, reply) => {
  void reply.type('application/json; charset=utf-8').send((request.query as { search?: string }).search ? search : page);
});
app.post('/api/challenges/:id/submit', (request, reply) => {
  const body = request.body as { flag?: unknown } | null;
  if (typeof body?.flag !== 'string') return void reply.code(400).send();
  void reply.type('application/json; charset=utf-8').send(wrongFlag);
});
app.get('/api/health', (_request, reply) => void reply.send({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1', backlog: LISTEN_BACKLOG });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
