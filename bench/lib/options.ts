// The command line of `npm run bench` (--help below), and what every part of the run shares: the servers' environment,
// the seeded players' cookies, the log line.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { sessionCookie, sessionToken } from './sessions.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The sizes of a full run, and of `--small` (a check that every step goes through, in a few minutes; no figure). */
const SIZES = {
  users: ['10000', '300'],
  solves: ['100000', '2000'],
  duration: ['8', '1'],
  connections: ['64', '8'],
  'sse-clients': ['10000', '30'],
  active: ['2000', '100'],
  burst: ['1000', '30'],
  'dynamic-sequential': ['50', '5'],
  'dynamic-burst': ['200', '20'],
  'event-players': ['5000', '100'],
  'event-spread': ['60', '5'],
} as const;
type Size = keyof typeof SIZES;

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres,pglite' },
    ...(Object.fromEntries(Object.keys(SIZES).map((k) => [k, { type: 'string' }])) as Record<Size, { type: 'string' }>),
    small: { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'info' },
    'no-build': { type: 'boolean', default: false },
    'server-entry': { type: 'string' },
    'previous-entry': { type: 'string' },
    keep: { type: 'boolean', default: false },
    scenario: { type: 'string', default: 'single' },
    only: { type: 'string', default: 'all' },
    help: { type: 'boolean', default: false },
  },
});
export { args };

export const HELP = `npm run bench -- [options]
  --db=postgres,pglite   which databases to run on (PostgreSQL from BENCH_DATABASE_URL, DATABASE_URL or
                         postgres://postgres@127.0.0.1:5432/postgres; a database BENCH_DB_NAME, default drapeau_bench,
                         is created there and dropped)
  --users=10000 --solves=100000   size of the seeded competition
  --duration=8           seconds of each sustained load (plus 2 s of warm-up)
  --connections=64       connections of the sustained loads
  --sse-clients=10000    live streams open at once, read by child processes of 2,500 streams each (each stream is a
                         file descriptor in the server and in a client: \`ulimit -Hn\` must allow sse-clients + 2,048;
                         npm run bench raises the soft limit to the hard one)
  --burst=1000
  --active=2000          players whose cookies the sustained loads rotate over
  --small                every size small (300 users, 2,000 solves, 1 s loads on 8 connections, 30 SSE clients, a burst
                         of 30, dynamic 5 + 20): checks that every step goes through in a few minutes; the figures mean
                         nothing. Sizes given explicitly still win.
  --log-level=info       the server's LOG_LEVEL (production default: info)
  --no-build             use the existing apps/server/dist
  --server-entry=<main.js>  measure another build (e.g. an older commit's dist/main.js) instead of apps/server/dist
  --keep                 keep the database and data directory (paths printed)
  --scenario=single      single: every figure on one instance (both databases); instances: leaderboard reads from one
                         instance and from two behind nginx, on PostgreSQL
  --only=catalogue       only the catalogue figures, which every full run measures last: an import of 200 challenges
                         with 200 small files (new, unchanged, updated) and the challenge list and detail under load
                         (with the seeded players' sessions)
  --only=dynamic         only the dynamic-scoring figure (also in every full run, after the burst): a challenge with
                         about 5,000 solvers made dynamic, then correct flags on it, each changing every solver's points;
                         the run then waits until the server has counted every flag sent (answers the client gave up on
                         included) before the next step
  --dynamic-sequential=50 --dynamic-burst=200   its correct flags one by one, then all at once; the same two series
                         run first on the same challenge while it is still static (twice the players in all), and the
                         report gives the ratios dynamic / static (issue #35: at most 1.5x)
  --only=event-start     only the event-start figure (also in every full run, last): --event-players players arriving
                         within --event-spread seconds, each signing in with a password, reading the challenge list and
                         leaderboard page 1, opening a live stream, then sending the flag of one of the three rarest
                         challenges, made dynamic first; p50/p99 per request kind, errors (any fails the figure), the
                         server's CPU and RSS, then the score invariant
  --event-players=5000 --event-spread=60
  --previous-entry=<main.js>  the event-start figure also runs on this build (say, main's, built into a temporary
                         directory), on its own fresh seed, in the same run
  --only=burst           only the burst of correct flags (--burst players who have not solved the rarest challenge send its
                         flag at once), on a fresh server after the seed, then the integrity check in SQL
  --only=live            only the live-clients figure (also in every full run, after the wrong flags), after the seed:
                         cold start on the seeded store, idle RSS, then --sse-clients streams, the server's RSS and heap
                         before and with them open (memory per client), and 20 solves timed to every client
  --only=hot             only the three sustained loads (leaderboard page 1, search, wrong flags) after a cold start on
                         the seeded store, then the same loads on the bare Node server: the quick check of the hot paths
  --only=ledger          only the scoring ledger's figure, in this process (no server, no database): the ledger built
                         from --users players' --solves solves on dynamic challenges, the heap it holds, and a correct
                         flag on its most solved challenge (issue #35: under 3 s and 100 MB at 10,000 and 100,000)
  --only=challenge-instances   only the challenge instances' figure (also in every full run, last; skipped with the
                         reason where podman cannot run): the pack's web service on the local engine, start to first
                         HTTP answer one at a time and 20 at once (p50, p99), and the memory per running instance
  --only=teams           only the team-mode figure (also in every full run, last, on a fresh seed): the seeded players
                         put in teams of 5 by bulk SQL (--users=10000: 2,000 teams), then the team leaderboard page 1
                         and search under load beside the bare Node server (ratio), and a team's solve reaching the live
                         clients`;

const size = (name: Size) => Number(args[name] ?? SIZES[name][args.small ? 1 : 0]);

export const options = {
  users: size('users'),
  solves: size('solves'),
  duration: size('duration'),
  connections: size('connections'),
  sseClients: size('sse-clients'),
  active: size('active'),
  burst: size('burst'),
  dynamicSequential: size('dynamic-sequential'),
  dynamicBurst: size('dynamic-burst'),
  eventPlayers: size('event-players'),
  eventSpreadSeconds: size('event-spread'),
  logLevel: args['log-level'],
  small: args.small,
};

export type DatabaseKind = 'postgres' | 'pglite';
export const kinds = args.db.split(',').map((k) => k.trim()) as DatabaseKind[];
export const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_DB = process.env.BENCH_DB_NAME ?? 'drapeau_bench';
export const serverEntry = args['server-entry']
  ? path.resolve(args['server-entry'])
  : path.join(root, 'apps/server/dist/main.js');
export const previousEntry = args['previous-entry'] ? path.resolve(args['previous-entry']) : undefined;

export const INSTANCE_SECRET = 'bench-instance-secret-0123456789';
const SESSION_SECRET = 'bench-session-secret-0123456789-abcdefghij';
export const SEARCH = 'bench00421';
/** Searches vary like real ones: 900 different terms, each matching 10 players. */
export const SEARCH_PATHS = Array.from({ length: 900 }, (_, i) => `/api/leaderboard?search=bench00${100 + i}`);
export const WRONG_FLAG_BODY = JSON.stringify({ flag: 'CTF{not_the_flag}' });

export const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
/** The `Cookie` header of seeded player `i` (1-based). */
export const cookieOf = (i: number) => sessionCookie(sessionToken(i), SESSION_SECRET);

/** The environment of a Drapeau server under measure: production mode, the bench's secrets, no rate limit in the way. */
export function serverEnv(kind: DatabaseKind, dataDir: string, databaseUrl: string | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  delete env.DATABASE_URL;
  return {
    ...env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ...(kind === 'postgres' && databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ADMIN_EMAIL: 'admin@bench.invalid',
    ADMIN_USERNAME: 'benchadmin',
    ADMIN_PASSWORD: 'bench-admin-password',
    INSTANCE_SECRET,
    SESSION_SECRET,
    SUBMISSION_RATE_LIMIT: '1000000000',
    LAB_RATE_LIMIT: '1000000000',
    AUTH_IP_RATE_LIMIT: '1000000000',
    AUTH_ACCOUNT_RATE_LIMIT: '1000000000',
    LOG_LEVEL: options.logLevel,
    // The figures recorded so far include one log line per request (LOG_REQUESTS was on before it could be turned off).
    LOG_REQUESTS: '1',
    // The live-clients figure reads the heap from /metrics, and holds --sse-clients streams open at once: above the default
    // bound of 4,096 connections (each stream is a file descriptor: scripts/bench.mjs raises `ulimit -n`).
    METRICS_TOKEN: 'bench-metrics-token-0123456789',
    MAX_CONNECTIONS: String(Math.max(4096, options.sseClients + 2048)),
  };
}

/** The admin account serverEnv configures. */
export const benchAdmin = (env: Record<string, string>) => ({ email: env.ADMIN_EMAIL!, password: env.ADMIN_PASSWORD! });
