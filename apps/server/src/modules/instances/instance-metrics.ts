import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/**
 * The instances' figures on /metrics (docs/operations.md "Metrics", plotted in docs/grafana-dashboard.json): running
 * instances, starts and failed starts, and how long a start takes until the engine reports the instance running.
 */
export function createInstanceMetrics(registry: Registry, countRunning: () => Promise<number>) {
  new Gauge({
    name: 'drapeau_instances_running',
    help: 'Challenge instances running',
    registers: [registry],
    async collect() {
      this.set(await countRunning());
    },
  });
  const starts = new Counter({
    name: 'drapeau_instance_starts_total',
    help: 'Challenge instances started',
    registers: [registry],
  });
  const failures = new Counter({
    name: 'drapeau_instance_start_failures_total',
    help: 'Challenge instances that failed to start',
    registers: [registry],
  });
  const startSeconds = new Histogram({
    name: 'drapeau_instance_start_seconds',
    help: 'Time from Start to a running instance',
    buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60],
    registers: [registry],
  });
  return {
    started: (seconds: number) => {
      starts.inc();
      startSeconds.observe(seconds);
    },
    failed: () => failures.inc(),
  };
}
export type InstanceMetrics = ReturnType<typeof createInstanceMetrics>;
