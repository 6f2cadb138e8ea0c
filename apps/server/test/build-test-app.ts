import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import type { Clock } from '../src/lib/clock.js';
import type { WorkGate } from '../src/lib/work-gate.js';
import type { LoggerOptions } from '../src/lib/logger.js';
import { formatCreatedAdmin } from '../src/modules/auth/admin-bootstrap.js';
import { createPasswordChecks } from '../src/modules/auth/password-checks.js';

import { createManualClock } from './manual-clock.js';
import { createTestDatabase } from './test-database.js';
import { eventually } from './eventually.js';
import { openTestApps } from './open-test-apps.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  printed: string[];
  close(): Promise<void>;
}

export const TEST_ADMIN = { email: 'admin@example.com', username: 'admin', password: 'admin-password-1' };

/** One app on its own fresh database (docs/conventions.md#tests: no shared mutable database between test files). */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    database?: Database;
    logger?: LoggerOptions;
    /** A built web app to serve, as production does. */
    webDistDir?: string;
    /** Start the lab workers with the app, as production does (by default, at the first lab call). */
    labWorkersAtStart?: boolean;
    /**
     * The turn of password checks, to hold it busy. By default the production one with a wait of minutes: a test's
     * simultaneous sign-ups on a loaded machine must not meet the ten seconds' limit (password-checks.routes.test.ts
     * tests it with a gate of its own).
     */
    passwordChecks?: WorkGate;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'drapeau-data-')),
    PUBLIC_URL: 'http://localhost:3000',
    INSTANCE_SECRET: 'test-instance-secret-0123456789',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase());
  const printed: string[] = [];
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? (process.env.TEST_LOG ? { level: 'error' } : false),
    announceAdmin: (account) => printed.push(formatCreatedAdmin(account)),
    // A clock that moves only when a test says so: a limit window never ends in the middle of a test.
    clock: options.clock ?? createManualClock(),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    labWorkersOnDemand: !options.labWorkersAtStart,
    passwordChecks: options.passwordChecks ?? createPasswordChecks({ maxWaitMs: 300_000 }),
  });
  // Out of the checks once closed, even by `app.close()` alone (a second instance a test stops).
  app.addHook('onClose', async () => {
    openTestApps.delete(testApp);
  });
  await app.ready();
  const testApp: TestApp = {
    app,
    database,
    config,
    printed,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
  openTestApps.add(testApp);
  return testApp;
}

/** A browser-like client: keeps the session cookie between requests. */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.app.inject({
      ...options,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    });
    for (const c of response.cookies) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  get = (url: string, headers?: Record<string, string>) => this.request({ method: 'GET', url, ...(headers ? { headers } : {}) });
  post = (url: string, payload?: unknown, headers?: Record<string, string>) =>
    this.request({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      ...(headers ? { headers } : {}),
    });
  patch = (url: string, payload?: unknown) =>
    this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] });
  put = (url: string, payload?: unknown) => this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  delete = (url: string) => this.request({ method: 'DELETE', url });

  /** The session cookie's value, for a request made outside `inject` (a live-event stream over real HTTP). */
  sessionToken(): string | undefined {
    return this.cookies.get('drapeau.session_token');
  }

  hasSession(): boolean {
    return this.cookies.has('drapeau.session_token');
  }
}

let counter = 0;

/**
 * Sends again while every password check is taken (503 AUTH_BUSY, docs/decisions/010-abuse-limits.md "Password checks"), as the sign-in
 * form does: on a busy machine, many sign-ups at once wait longer than the server lets them.
 */
async function whenNotBusy(send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  return eventually(
    async () => {
      const response = await send();
      if (response.statusCode === 503 && response.body.includes('"AUTH_BUSY"')) throw new Error(response.body);
      return response;
    },
    300,
    250,
  );
}

/** Registers a new player and returns a signed-in client. */
export async function registerPlayer(
  app: FastifyInstance,
  overrides: Partial<{ username: string; email: string; password: string }> = {},
): Promise<{ client: TestClient; userId: string; username: string; email: string; password: string }> {
  counter += 1;
  const tag = `${process.pid}${counter}${Math.floor(Math.random() * 1e6)}`;
  const account = {
    username: `player${tag}`.slice(0, 32),
    email: `player${tag}@example.com`,
    password: 'player-password',
    ...overrides,
  };
  const client = new TestClient(app);
  const response = await whenNotBusy(() => client.post('/api/auth/register', account));
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const userId = response.json<{ user: { uid: string } }>().user.uid;
  return { client, userId, ...account };
}

export async function loginAdmin(app: FastifyInstance): Promise<TestClient> {
  const client = new TestClient(app);
  const response = await whenNotBusy(() =>
    client.post('/api/auth/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
  );
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.statusCode} ${response.body}`);
  return client;
}
