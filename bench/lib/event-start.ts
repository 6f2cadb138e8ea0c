// The event-start figure (docs/performance.md "Event start"): players arriving within a minute, each signing in with a
// password, opening the challenge list, the leaderboard and a live stream, then sending a flag to a dynamic challenge.
import http from 'node:http';
import net from 'node:net';

import { AUTH_BUSY_RETRIES } from '@drapeau/shared/constants';

import { originOf } from './catalogue.js';
import { percentile, sleep } from './http-client.js';
import { clientAddress } from './load.js';
import { readCpuSeconds, sampleRss, type ServerProcess } from './server-process.js';
import type { SqlRunner } from './sql-runner.js';

/** How long the figure's player keeps sending a sign-in answered AUTH_BUSY (see the journey below). */
const SIGN_IN_PATIENCE_MS = 60 * 60_000;

const REQUEST_KINDS = ['signIn', 'challenges', 'leaderboard', 'stream', 'flag'] as const;
type RequestKind = (typeof REQUEST_KINDS)[number];

interface KindFigure {
  count: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface EventStartResult {
  players: number;
  spreadSeconds: number;
  /** From the first arrival to the last player's flag answered. */
  elapsedMs: number;
  kinds: Record<RequestKind, KindFigure>;
  /** Every failed request (status, no answer, a flag neither correct nor already solved): must be 0. */
  errors: number;
  errorSamples: string[];
  /** Sign-ins answered 503 AUTH_BUSY and sent again after its Retry-After (not errors: the sign-in form does the same). */
  busyAnswers: number;
  /** The most sign-ins one player sent before its session (the sign-in form gives up after AUTH_BUSY_RETRIES + 1). */
  mostSignInTries: number;
  /** The server process over the figure, from /proc: CPU seconds, the mean share of one core, RSS before and at peak. */
  server: { cpuSeconds: number; meanCorePercent: number; rssBeforeMb: number; rssPeakMb: number };
  /** Seed indices and challenge of every flag answered `correct`, for the integrity check. */
  acknowledged: { userIndex: number; challengeId: string }[];
}

/** Every seeded player `1..players` gets the admin's password (one scrypt hash, copied), so that each can sign in. */
export async function seedPasswords(db: SqlRunner, adminEmail: string, players: number): Promise<void> {
  await db.exec(`
    insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
    select 'bench-a' || lpad(i::text, 6, '0'), 'bench-u' || lpad(i::text, 6, '0'), 'credential',
           'bench-u' || lpad(i::text, 6, '0'),
           (select a.password from accounts a join users u on u.id = a.user_id
             where u.email = '${adminEmail.replace(/'/g, "''")}' and a.provider_id = 'credential'),
           now(), now()
    from generate_series(1, ${players}) as i
    on conflict do nothing;
  `);
}

const emailOf = (index: number) => `bench${String(index).padStart(6, '0')}@bench.invalid`;

/** One request from the player's own address (a browser of its own), timed to the end of the body. */
function request(
  baseUrl: string,
  path: string,
  options: { address: string; cookie?: string; body?: string },
): Promise<{ status: number; body: string; ms: number; cookies: string[]; headers: http.IncomingHttpHeaders }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      baseUrl + path,
      {
        method: options.body === undefined ? 'GET' : 'POST',
        localAddress: options.address,
        headers: {
          // What a browser accepts: a large answer comes compressed, at the server's cost.
          'accept-encoding': 'gzip, deflate, br',
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.body !== undefined
            ? { 'content-type': 'application/json', origin: originOf(baseUrl), 'content-length': Buffer.byteLength(options.body) }
            : {}),
        },
        timeout: 180_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
            cookies: res.headers['set-cookie'] ?? [],
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within 180 s: ${path}`)));
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** A live stream held open until `close`: resolves once the server has written `: connected`. */
function openStream(baseUrl: string, cookie: string, address: string, sockets: net.Socket[]): Promise<number> {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress: address });
    sockets.push(socket);
    socket.setEncoding('utf8');
    let head = '';
    let ready = false;
    socket.setTimeout(180_000, () => !ready && socket.destroy(new Error('stream not opened within 180 s')));
    socket.on('connect', () =>
      socket.write(`GET /api/events HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${cookie}\r\nAccept: text/event-stream\r\n\r\n`),
    );
    socket.on('data', (chunk: string) => {
      if (ready) return;
      head += chunk;
      if (!head.startsWith('HTTP/1.1 200') && head.includes('\r\n')) {
        socket.destroy();
        reject(new Error(`stream answered ${head.slice(0, head.indexOf('\r\n'))}`));
      } else if (head.includes(': connected')) {
        ready = true;
        socket.setTimeout(0);
        resolve(performance.now() - started);
      }
    });
    socket.on('error', (error) => !ready && reject(error));
    socket.on('close', () => !ready && reject(new Error('stream closed before it opened')));
  });
}

/**
 * The figure on a running server whose `challenges` are dynamic: player `players[i]` arrives at i × spread / n, signs
 * in, reads the list and the leaderboard, opens a stream, then sends the flag of `challenges[i % n]`.
 */
export async function runEventStart(options: {
  baseUrl: string;
  server: Pick<ServerProcess, 'pid' | 'rssMb'>;
  players: readonly number[];
  spreadSeconds: number;
  password: string;
  challenges: readonly { id: string; flag: string }[];
}): Promise<EventStartResult> {
  const { baseUrl, players, spreadSeconds } = options;
  const times = Object.fromEntries(REQUEST_KINDS.map((k) => [k, [] as number[]])) as Record<RequestKind, number[]>;
  const errors = Object.fromEntries(REQUEST_KINDS.map((k) => [k, 0])) as Record<RequestKind, number>;
  const errorSamples = new Set<string>();
  let busyAnswers = 0;
  let mostSignInTries = 0;
  const acknowledged: EventStartResult['acknowledged'] = [];
  const sockets: net.Socket[] = [];
  const fail = (kind: RequestKind, message: string) => {
    errors[kind] += 1;
    if (errorSamples.size < 8) errorSamples.add(`${kind}: ${message.slice(0, 200)}`);
  };
  /** Runs one step; a failure ends the player's journey (the next steps need it). */
  const step = async <T>(kind: RequestKind, run: () => Promise<{ ms: number; ok: boolean; why?: string; value?: T }>) => {
    try {
      const outcome = await run();
      times[kind].push(outcome.ms);
      if (!outcome.ok) fail(kind, outcome.why ?? 'failed');
      return outcome.ok ? outcome : undefined;
    } catch (error) {
      fail(kind, (error as Error).message);
      return undefined;
    }
  };
  const journey = async (userIndex: number, position: number) => {
    await sleep((position * spreadSeconds * 1000) / players.length);
    const address = clientAddress(position);
    // As the sign-in form does (apps/web/src/features/auth/components/use-auth-submit.ts): a busy server's 503
    // AUTH_BUSY is waited out (its Retry-After, plus up to a second) and the sign-in sent again; the time is the player's,
    // from the first try to the session. Unlike the form, which gives up after AUTH_BUSY_RETRIES more tries, the
    // figure's player keeps trying for up to SIGN_IN_PATIENCE_MS, so that a machine too slow for the arrivals shows in
    // the sign-in's time and in the most tries one player needed (both reported), not as errors the server never made.
    const signIn = await step('signIn', async () => {
      const first = performance.now();
      for (let tries = 1; ; tries += 1) {
        const r = await request(baseUrl, '/api/auth/login', {
          address,
          body: JSON.stringify({ email: emailOf(userIndex), password: options.password }),
        });
        mostSignInTries = Math.max(mostSignInTries, tries);
        if (r.status === 503 && performance.now() - first < SIGN_IN_PATIENCE_MS && r.body.includes('"AUTH_BUSY"')) {
          busyAnswers += 1;
          await sleep(Number(r.headers['retry-after'] ?? 5) * 1000 + Math.random() * 1000);
          continue;
        }
        const cookie = r.cookies.map((c) => c.split(';')[0]).join('; ');
        const ms = performance.now() - first;
        return { ms, ok: r.status === 200 && cookie !== '', why: `${r.status} ${r.body.slice(0, 100)}`, value: cookie };
      }
    });
    const cookie = signIn?.value;
    if (!cookie) return;
    for (const [kind, path] of [
      ['challenges', '/api/challenges'],
      ['leaderboard', '/api/leaderboard'],
    ] as const) {
      const read = await step(kind, async () => {
        const r = await request(baseUrl, path, { address, cookie });
        return { ms: r.ms, ok: r.status === 200, why: `${r.status} ${r.body.slice(0, 100)}` };
      });
      if (!read) return;
    }
    const stream = await step('stream', async () => ({ ms: await openStream(baseUrl, cookie, address, sockets), ok: true }));
    if (!stream) return;
    const challenge = options.challenges[position % options.challenges.length]!;
    await step('flag', async () => {
      const r = await request(baseUrl, `/api/challenges/${challenge.id}/submit`, {
        address,
        cookie,
        body: JSON.stringify({ flag: challenge.flag }),
      });
      const status = r.status === 200 ? (JSON.parse(r.body) as { status: string }).status : undefined;
      if (status === 'correct') acknowledged.push({ userIndex, challengeId: challenge.id });
      return {
        ms: r.ms,
        ok: status === 'correct' || status === 'already_solved',
        why: `${r.status} ${status ?? r.body.slice(0, 100)}`,
      };
    });
  };

  const rssBeforeMb = await options.server.rssMb();
  const rss = sampleRss(options.server.pid);
  const cpuBefore = await readCpuSeconds(options.server.pid);
  const started = performance.now();
  await Promise.all(players.map((userIndex, position) => journey(userIndex, position)));
  const elapsedMs = performance.now() - started;
  const cpuSeconds = (await readCpuSeconds(options.server.pid)) - cpuBefore;
  const rssPeakMb = rss.stop();
  for (const socket of sockets) socket.destroy();
  const kinds = Object.fromEntries(
    REQUEST_KINDS.map((kind) => {
      const sorted = [...times[kind]].sort((a, b) => a - b);
      const figure: KindFigure = {
        count: sorted.length,
        errors: errors[kind],
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        maxMs: sorted[sorted.length - 1] ?? NaN,
      };
      return [kind, figure];
    }),
  ) as Record<RequestKind, KindFigure>;
  const totalErrors = REQUEST_KINDS.reduce((sum, k) => sum + errors[k], 0);
  return {
    players: players.length,
    spreadSeconds,
    elapsedMs,
    kinds,
    errors: totalErrors,
    errorSamples: [...errorSamples],
    busyAnswers,
    mostSignInTries,
    server: {
      cpuSeconds,
      meanCorePercent: (cpuSeconds / (elapsedMs / 1000)) * 100,
      rssBeforeMb,
      rssPeakMb,
    },
    acknowledged,
  };
}

/** One build's figure, as lines; the figure fails on any error. */
export function renderEventStart(label: string, r: EventStartResult, integrityBreaks: number): string {
  const name: Record<RequestKind, string> = {
    signIn: 'sign in (password)',
    challenges: 'challenge list',
    leaderboard: 'leaderboard page 1',
    stream: 'live stream opened',
    flag: 'flag (dynamic)',
  };
  return [
    `${label}: ${r.players} players arriving within ${r.spreadSeconds} s, done in ${(r.elapsedMs / 1000).toFixed(1)} s; ` +
      `errors ${r.errors} ${r.errors === 0 && integrityBreaks === 0 ? 'ok' : 'FAILED'}` +
      (r.errorSamples.length ? ` (${r.errorSamples.join('; ')})` : '') +
      `; ${r.busyAnswers} sign-ins answered AUTH_BUSY and sent again after their Retry-After, at most ` +
      `${r.mostSignInTries} tries for one player (the sign-in form tries ${AUTH_BUSY_RETRIES + 1} times)`,
    ...REQUEST_KINDS.map(
      (k) =>
        `${label}:   ${name[k].padEnd(20)} p50 ${r.kinds[k].p50Ms.toFixed(0).padStart(6)} ms, p99 ` +
        `${r.kinds[k].p99Ms.toFixed(0).padStart(6)} ms, max ${r.kinds[k].maxMs.toFixed(0).padStart(6)} ms, ` +
        `${r.kinds[k].count} answered, ${r.kinds[k].errors} errors`,
    ),
    `${label}:   server: ${r.server.cpuSeconds.toFixed(1)} s of CPU (${r.server.meanCorePercent.toFixed(0)}% of a core on ` +
      `average), RSS ${r.server.rssBeforeMb.toFixed(0)} MB before, ${r.server.rssPeakMb.toFixed(0)} MB at peak; ` +
      `${r.acknowledged.length} correct flags; score invariant broken for ${integrityBreaks}`,
  ].join('\n');
}
