// The text of the live-clients figure (--only=live; docs/performance.md "10,000 live clients").
import type { LiveMemory, LiveResult } from './load.js';
import type { LiveFigure } from './pass.js';
import { integrityOk } from './report.js';

const mb = (n: number) => `${n.toFixed(0)} MB`;

/** The memory lines of a live figure: RSS and heap before and with the streams open, and what each client costs. */
function renderLiveMemory(m: LiveMemory | undefined, connected: number): string[] {
  if (!m) return [];
  return [
    `  server RSS before the streams ${mb(m.rssBeforeMb)}, with ${connected} open ${mb(m.rssOpenMb)}: ` +
      `${m.rssPerClientKb.toFixed(1)} KB per client`,
    `  V8 heap used before ${mb(m.heapBeforeMb)}, with them open ${mb(m.heapOpenMb)}: ${m.heapPerClientKb.toFixed(1)} KB per client`,
  ];
}

function renderLiveDelivery(live: LiveResult): string[] {
  return [
    `  ${live.connected}/${live.clients} streams open in ${live.connectSeconds.toFixed(1)} s (${live.clientProcesses} client processes)`,
    `  ${live.solves} solves → every client: p50 ${live.p50Ms.toFixed(0)} ms, p99 ${live.p99Ms.toFixed(0)} ms, max ` +
      `${live.maxMs.toFixed(0)} ms; deliveries missed ${live.expected - live.delivered} of ${live.expected}` +
      `${live.p99Ms < 1000 && live.delivered === live.expected ? ' (goal p99 < 1 s: ok)' : ' (goal p99 < 1 s: MISSED)'}`,
    `  during the solves: server CPU ${live.serverCpuSeconds.toFixed(1)} s; clients CPU ${live.clientCpuSeconds.toFixed(1)} s, ` +
      `busiest client event loop ${(live.clientMaxEventLoopUtilization * 100).toFixed(0)}% busy; streams closed by the server ${live.closedByServer}`,
  ];
}

export function renderLive(kind: string, figure: LiveFigure): string {
  return [
    `${kind}:`,
    `  first start on an empty store ${(figure.firstStartMs / 1000).toFixed(1)} s; cold start on the seeded store: ` +
      `${(figure.coldStart.healthMs / 1000).toFixed(1)} s to the first 200, ${(figure.coldStart.leaderboardMs / 1000).toFixed(1)} s to the first leaderboard`,
    `  idle RSS ${mb(figure.idleRssMb)}`,
    ...renderLiveMemory(figure.live.memory, figure.live.connected),
    ...renderLiveDelivery(figure.live),
    `  integrity after the solves: ${integrityOk(figure.integrity) ? 'ok' : `BROKEN ${JSON.stringify(figure.integrity)}`}`,
  ].join('\n');
}
