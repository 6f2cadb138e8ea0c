import { createHash, timingSafeEqual } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import { createDatabaseMetrics } from './database-metrics.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics (docs/operations.md "Metrics"; dashboard in docs/grafana-dashboard.json): HTTP requests by route,
 * method and status with a latency histogram, solves and wrong flags, live clients, event-loop lag and process metrics
 * (prom-client's defaults), the database's connections and query timings (database-metrics.ts).
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({ name: 'drapeau_http_requests_total', help: 'HTTP requests', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'drapeau_http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const solves = new Counter({ name: 'drapeau_solves_total', help: 'Correct flags (new solves)', registers: [registry] });
  const wrongFlags = new Counter({ name: 'drapeau_wrong_flags_total', help: 'Wrong flags', registers: [registry] });
  let waitingSolves = () => 0;
  new Gauge({
    name: 'drapeau_correct_flags_waiting',
    help: 'Correct flags waiting for their batch to commit (docs/performance.md "Burst of correct flags")',
    registers: [registry],
    collect() {
      this.set(waitingSolves());
    },
  });
  const solveBatchesRetried = new Counter({
    name: 'drapeau_correct_flag_batches_retried_total',
    help: 'Batches of correct flags that failed and ran again flag by flag (docs/performance.md "Burst of correct flags")',
    registers: [registry],
  });
  const liveClients = new Gauge({ name: 'drapeau_live_clients', help: 'Open live-update streams', registers: [registry] });
  const database = createDatabaseMetrics(registry);

  return {
    registry,
    solved: () => solves.inc(),
    wrongFlag: () => wrongFlags.inc(),
    solveBatchRetried: () => solveBatchesRetried.inc(),
    setLiveClients: (count: number) => liveClients.set(count),
    /** Where the correct flags waiting for their batch are counted (the submissions service, built later). */
    countWaitingSolvesWith: (count: () => number) => {
      waitingSolves = count;
    },

    observePool: database.observePool,
    observePglite: database.observePglite,

    /** Counts every answered request; `GET /metrics` answers only with `Authorization: Bearer <METRICS_TOKEN>`. */
    register(app: FastifyInstance, token: string | undefined): void {
      // One pair of label-bound children per route, method and status, found by one string key: prom-client would
      // otherwise hash the three labels twice per request (docs/performance.md).
      const children = new Map<string, { count: () => void; observe: (seconds: number) => void }>();
      app.addHook('onResponse', (request, reply, done) => {
        const route = request.routeOptions.url ?? 'unmatched';
        const key = `${request.method} ${reply.statusCode} ${route}`;
        let child = children.get(key);
        if (child === undefined) {
          const labels = { route, method: request.method, status: String(reply.statusCode) };
          const counter = requests.labels(labels);
          const histogram = duration.labels(labels);
          child = { count: () => counter.inc(), observe: (seconds) => histogram.observe(seconds) };
          children.set(key, child);
        }
        child.count();
        child.observe(reply.elapsedTime / 1000);
        done();
      });
      if (!token) return;
      const expected = sha256(`Bearer ${token}`);
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        const given = sha256(String(request.headers.authorization ?? ''));
        if (!timingSafeEqual(given, expected)) {
          return reply.status(401).send({ error: { code: 'UNAUTHENTICATED', message: 'A metrics token is required.' } });
        }
        return reply.header('content-type', registry.contentType).send(await registry.metrics());
      });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
