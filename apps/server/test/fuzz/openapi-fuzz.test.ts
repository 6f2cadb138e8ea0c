// Fuzz test over the OpenAPI document: for every route, generated malformed and hostile requests (wrong types, missing
// and extra fields, huge strings, unicode, null bytes, deep nesting, bad JSON, wrong content types, odd path parameters
// and query strings), anonymous and as a signed-in player. No answer may be a 5xx, the server must stay up, and nothing
// may change that should not. Deterministic: one seeded PRNG drives every request.
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, registerPlayer, TEST_ADMIN, type TestApp } from '../build-test-app.js';

import {
  BAD_JSON,
  CONTENT_TYPES,
  createRandom,
  hostileValue,
  type JsonSchema,
  mutateBody,
  pathValue,
  queryString,
  type Random,
  validValue,
} from './fuzz-generators.js';

const SEED = 20_261_122;
/**
 * Requests in all, shared evenly by the operations and the two identities: a fixed budget, so that the run's length does
 * not grow with every new route (with 30 operations it was 150 each; each gets at least 30).
 */
const REQUESTS = 8_000;
/** Ten minutes: the run is a fixed number of requests, and a busy machine may take several times its usual minute. */
const TIMEOUT_MS = 600_000;

type Method = NonNullable<InjectOptions['method']>;

interface Operation {
  method: Method;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodySchema: JsonSchema | undefined;
}

interface Failure {
  operation: string;
  identity: string;
  method: string;
  url: string;
  headers: string;
  body: string;
  status: number;
  response: string;
}

type UserRow = { id: string; role: string; banned: boolean | null };

/** Long bodies as their start, length and end. */
const shorten = (text: string) =>
  text.length <= 400 ? text : `${text.slice(0, 200)}…(${text.length} chars)…${text.slice(-200)}`;

describe('fuzzing every route of the OpenAPI document', () => {
  let t: TestApp;
  let player: Awaited<ReturnType<typeof registerPlayer>>;
  let query: <T>(text: string) => Promise<T[]>;

  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        // Limits raised so that requests reach the handlers instead of stopping at 429.
        SUBMISSION_RATE_LIMIT: '1000000',
        LAB_RATE_LIMIT: '1000000',
        AUTH_IP_RATE_LIMIT: '1000000',
        AUTH_ACCOUNT_RATE_LIMIT: '1000000',
      },
    });
    player = await registerPlayer(t.app);
    query = async <T>(text: string) => {
      const result: unknown = await t.database.db.execute(sql.raw(text));
      return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
    };
  });
  afterAll(async () => {
    await t.close();
  });

  it(
    'answers every generated request below 500, stays up and changes nothing it should not',
    { timeout: TIMEOUT_MS },
    async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
        paths: Record<
          string,
          Record<
            string,
            { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
          >
        >;
        components?: { schemas?: Record<string, JsonSchema> };
      }>();
      const components = doc.components?.schemas ?? {};
      const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({
          method: method.toUpperCase() as Method,
          path,
          pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
          queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          bodySchema: op.requestBody?.content['application/json']?.schema,
        })),
      );
      expect(operations.length).toBeGreaterThan(20);

      // Real values for path parameters, so that some requests get past the 404s.
      const challengeIds = (await player.client.get('/api/challenges/'))
        .json<{ challenges: { id: string }[] }>()
        .challenges.map((c) => c.id);
      const badgeIds = (await player.client.get('/api/badges/'))
        .json<{ badges: { badgeId: string }[] }>()
        .badges.map((b) => b.badgeId);
      const [admin] = await query<{ id: string }>(`select id from users where role = 'admin'`);
      const realValues: Record<string, string[]> = {
        id: challengeIds.slice(0, 6),
        userId: [player.userId, admin!.id],
        badgeId: badgeIds.slice(0, 3),
      };

      const usersBefore = await query<UserRow>('select id, role, banned from users order by id');
      const solvesBefore = await query<{ n: number }>('select count(*)::int as n from solves');

      const r = createRandom(SEED);
      const failures: Failure[] = [];
      let sent = 0;
      let registered = 0;
      const statuses = new Map<number, number>();

      const send = async (operation: string, identity: 'anonymous' | 'player', options: InjectOptions & { url: string }) => {
        sent += 1;
        const response =
          identity === 'player'
            ? await player.client.request(options)
            : await t.app.inject({ ...options, headers: { ...options.headers } });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (options.url.startsWith('/api/auth/register') && response.statusCode === 200) registered += 1;
        if (response.statusCode >= 500) {
          failures.push({
            operation,
            identity,
            method: String(options.method),
            url: options.url.slice(0, 300),
            headers: shorten(JSON.stringify(options.headers ?? {})),
            body: shorten(
              typeof options.payload === 'string'
                ? options.payload
                : Buffer.isBuffer(options.payload)
                  ? `<${options.payload.length} bytes>`
                  : JSON.stringify(options.payload ?? ''),
            ),
            status: response.statusCode,
            response: response.body.slice(0, 300),
          });
        }
      };

      const requestFor = (op: Operation, rnd: Random): InjectOptions & { url: string } => {
        let path = op.path;
        for (const name of op.pathParams) path = path.replace(`{${name}}`, pathValue(rnd, realValues[name] ?? []));
        const url = path + queryString(rnd, op.queryParams);
        const method = rnd.chance(0.05)
          ? rnd.pick<Method>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'])
          : op.method;
        const headers: Record<string, string> = {};
        let payload: string | Buffer | undefined;
        if (op.bodySchema || method !== 'GET' || rnd.chance(0.1)) {
          const kind = rnd.int(0, 9);
          if (kind <= 5) {
            const valid = op.bodySchema ? validValue(op.bodySchema, rnd, components) : {};
            payload =
              JSON.stringify(rnd.chance(0.15) ? valid : mutateBody(valid, op.bodySchema ?? {}, rnd, components)) ?? 'null';
            headers['content-type'] = rnd.chance(0.8) ? 'application/json' : rnd.pick(CONTENT_TYPES);
          } else if (kind <= 7) {
            payload = rnd.pick(BAD_JSON);
            headers['content-type'] = rnd.chance(0.7) ? 'application/json' : rnd.pick(CONTENT_TYPES);
          } else if (kind === 8) {
            payload = Buffer.from(Array.from({ length: rnd.pick([0, 1, 64, 4096]) }, () => rnd.int(0, 255)));
            headers['content-type'] = rnd.pick(CONTENT_TYPES);
          } else {
            // Now and then over the 1 MB body limit.
            payload = JSON.stringify({ flag: 'x'.repeat(rnd.chance(0.1) ? 1_100_000 : 2000), v: hostileValue(rnd) });
            headers['content-type'] = 'application/json';
          }
          if (headers['content-type'] === '') delete headers['content-type'];
        }
        if (rnd.chance(0.05)) headers['accept-language'] = rnd.pick(['fr', '*', 'x'.repeat(2000), '\u0000']);
        return { method, url, headers, ...(payload !== undefined ? { payload } : {}) };
      };

      const perOperation = Math.max(30, Math.round(REQUESTS / (operations.length * 2)));
      for (const op of operations) {
        for (const identity of ['anonymous', 'player'] as const) {
          // Not as the player: signing out would end the fuzzing session, and the event stream never ends.
          if (identity === 'player' && (op.path === '/api/auth/logout' || op.path.startsWith('/api/events'))) continue;
          const count = op.path.startsWith('/api/challenges/{id}/file') ? 12 : perOperation;
          for (let i = 0; i < count; i += 1) {
            const options = requestFor(op, r);
            if (identity === 'player' && options.url.startsWith('/api/events') && options.method === 'GET') continue;
            await send(`${op.method} ${op.path}`, identity, options);
          }
        }
      }

      expect(sent).toBeGreaterThan(REQUESTS / 2);
      // The requests went past the front door too: accepted ones, refused ones, and handler-level answers.
      console.info(
        `fuzz: ${sent} requests; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
      );
      expect(statuses.get(200) ?? 0).toBeGreaterThan(200);
      expect(statuses.get(400) ?? 0).toBeGreaterThan(1000);
      expect(statuses.get(404) ?? 0).toBeGreaterThan(100);
      // One example per operation that failed, to read the bugs at a glance.
      const examples = [...new Map(failures.map((f) => [f.operation, f])).values()];
      expect(
        examples,
        `${failures.length} answers >= 500 out of ${sent}, by operation:\n${JSON.stringify(examples, null, 2)}`,
      ).toEqual([]);

      // Still up, and nothing changed that should not have.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const session = await player.client.get('/api/auth/session');
      expect(session.json<{ user: { uid: string; rank: string } | null }>().user).toMatchObject({
        uid: player.userId,
        rank: 'user',
      });

      const usersAfter = await query<UserRow>('select id, role, banned from users order by id');
      expect(usersAfter.length).toBe(usersBefore.length + registered);
      const after = new Map(usersAfter.map((u) => [u.id, u]));
      for (const before of usersBefore) expect(after.get(before.id)).toEqual(before);
      expect(usersAfter.filter((u) => u.role === 'admin').map((u) => u.id)).toEqual([admin!.id]);
      // No score moved: nobody solved anything, and no adjustment was written (scores are derived from these facts).
      const [adjustments] = await query<{ n: number }>('select count(*)::int as n from score_adjustments');
      expect(adjustments!.n).toBe(0);
      const [solvesAfter] = await query<{ n: number }>('select count(*)::int as n from solves');
      expect(solvesAfter!.n).toBe(solvesBefore[0]!.n);
      // Nobody solved anything, so nobody may have written a write-up (docs/product.md#write-ups).
      const [writeUpsAfter] = await query<{ n: number }>('select count(*)::int as n from write_ups');
      expect(writeUpsAfter!.n).toBe(0);
      const [adminRow] = await query<{ email: string }>(`select email from users where role = 'admin'`);
      expect(adminRow!.email).toBe(TEST_ADMIN.email);
    },
  );
});
