import { readFile } from 'node:fs/promises';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, registerPlayer, type TestApp } from '../../test/build-test-app.js';
import { deriveFlag } from '../modules/challenges/flags/flag-check.js';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is not public: 401 without the token or with a wrong one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('drapeau_');
  });

  it('counts requests by route, method and status, solves, wrong flags, and process and event-loop metrics', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const player = await registerPlayer(t.app);
    await player.client.post('/api/challenges/caesar-cipher/submit', { flag: 'CTF{nope}' });
    const flag = deriveFlag(t.config.instanceSecret!, 'caesar-cipher');
    expect((await player.client.post('/api/challenges/caesar-cipher/submit', { flag })).json()).toMatchObject({
      status: 'correct',
    });
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(/drapeau_http_requests_total\{route="\/api\/health",method="GET",status="200"\} [1-9]/);
    expect(text).toMatch(/drapeau_http_request_duration_seconds_bucket\{le="0.005",route="\/api\/health"/);
    expect(text).toMatch(/^drapeau_solves_total 1$/m);
    expect(text).toMatch(/^drapeau_wrong_flags_total 1$/m);
    expect(text).toMatch(/^drapeau_live_clients 0$/m);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_cpu_user_seconds_total');
    // On both databases (the embedded one has a single connection: http/database-metrics.ts).
    expect(text).toMatch(/^drapeau_db_pool_total [1-9]/m);
    expect(text).toMatch(/^drapeau_db_pool_waiting 0$/m);
    expect(text).toMatch(/^drapeau_db_query_duration_seconds_count [1-9]/m);
  });

  it('has every metric that the Grafana dashboard (docs/grafana-dashboard.json) plots', async () => {
    const dashboard = JSON.parse(await readFile(new URL('../../../../docs/grafana-dashboard.json', import.meta.url), 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const exported = new Set([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name]) => name));
    // A histogram's series are its name with _bucket, _count or _sum.
    const family = (series: string) => series.replace(/_(bucket|count|sum)$/, '');
    const plotted = dashboard.panels.flatMap((panel) =>
      panel.targets.flatMap(({ expr }) =>
        [...expr.matchAll(/\b((?:drapeau|nodejs|process)_[a-z0-9_]+)/g)].map(([, series]) => ({ panel: panel.title, series })),
      ),
    );
    expect(plotted.length).toBeGreaterThan(10);
    for (const { panel, series } of plotted) expect(exported, `${panel}: ${series}`).toContain(family(series!));
  });

  it('counts each route, method and status apart, one per request', async () => {
    const scrape = async () =>
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const count = (text: string, labels: string) =>
      Number(new RegExp(`^drapeau_http_requests_total\\{${labels}\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    const ok = 'route="/api/challenges/:id",method="GET",status="401"';
    const head = 'route="/api/challenges/:id",method="HEAD",status="401"';
    const missing = 'route="/api/challenges/:id",method="GET",status="404"';
    const player = await registerPlayer(t.app);
    const before = await scrape();
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: '/api/challenges/caesar-cipher' });
    await t.app.inject({ method: 'HEAD', url: '/api/challenges/caesar-cipher' });
    expect((await player.client.get('/api/challenges/no-such-challenge')).statusCode).toBe(404);
    const after = await scrape();
    expect(count(after, ok) - count(before, ok)).toBe(3);
    expect(count(after, head) - count(before, head)).toBe(1);
    expect(count(after, missing) - count(before, missing)).toBe(1);
    const observed = (text: string) =>
      Number(
        /^drapeau_http_request_duration_seconds_count\{route="\/api\/challenges\/:id",method="GET",status="401"\} (\d+)$/m.exec(
          text,
        )?.[1] ?? 0,
      );
    expect(observed(after) - observed(before)).toBe(3);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const other = await buildTestApp();
    try {
      expect((await other.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
