// Two or more server builds side by side (docs/performance.md "Comparing builds"): all running at once, each on a fresh
// store of its own (its own PostgreSQL database, or PGlite directory with --db=pglite, migrated by that build and seeded
// for its schema), loaded in turn in short slices (A B, B A, ...), so that the machine's drift falls on every build
// alike. Prints each build's server CPU µs per request, and its ratio to the first build's in the same slices; a burst
// is one slice per build (--burst players who have not solved the rarest challenge, new ones each time). A build named
// twice (two labels, one path) runs on two servers, and the spread between them is printed: the noise to read against.
//   COMPARE=label=path/to/main.js[+ENV:value...],label=... [SLICES=30] [SLICE_SECONDS=1] [LOAD=page,search,wrong,burst]
//   [BURST_SLICES=6] [WRONG_CHALLENGE=<id>] node --import tsx bench/compare.ts [--db=postgres|pglite --users=… --solves=…
//   --connections=… --burst=…]
import os from 'node:os';

import { buildsToCompare, type LoadFigures, loadNames, prepareComparison, quartiles, sameBuilds } from './lib/compare-builds.js';
import { integrityOk } from './lib/report.js';
import type { IntegrityReport } from './lib/seed.js';
import { kinds, log, options } from './lib/options.js';
import { writeResults } from './lib/results.js';

const started = performance.now();
const builds = buildsToCompare();
const kind = kinds[0]!;
const slices = Number(process.env.SLICES ?? 30);
const sliceSeconds = Number(process.env.SLICE_SECONDS ?? 1);
const burstSlices = Number(process.env.BURST_SLICES ?? 6);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`${kind}, ${options.users} users, ${options.solves} solves; load average ${loadAverage()} at the start`);
const comparison = await prepareComparison(kind, builds);
const { start, load } = comparison;
const servers = [];
for (const build of builds) servers.push({ build, server: (await start(build)).server });

const loadAverageBefore = os.loadavg();
const recorded: Record<string, { loadAverage: number[]; slices: Record<string, LoadFigures[]> }> = {};
const figures = (q: { p25: number; median: number; p75: number }, digits: number) =>
  `median ${q.median.toFixed(digits)} (p25 ${q.p25.toFixed(digits)}, p75 ${q.p75.toFixed(digits)})`;
for (const name of loadNames(process.env.LOAD ?? 'page')) {
  // A burst has no warm-up: its players are new to the server, as in a full run.
  if (name !== 'burst') for (const { build, server } of servers) await load(build, server, name, 2, 1);
  const count = name === 'burst' ? Math.min(burstSlices, ...builds.map(comparison.burstsLeft)) : slices;
  const values = new Map<string, LoadFigures[]>(builds.map((b) => [b.label, []]));
  for (let i = 0; i < count; i += 1) {
    for (const { build, server } of i % 2 ? [...servers].reverse() : servers) {
      values.get(build.label)!.push(await load(build, server, name, sliceSeconds));
    }
  }
  const what = name === 'burst' ? `${count} bursts of ${options.burst} correct flags` : `${count} slices of ${sliceSeconds} s`;
  console.log(`${name}: ${what}, load average ${loadAverage()}`);
  recorded[name] = { loadAverage: os.loadavg(), slices: Object.fromEntries(values) };
  const base = values.get(builds[0]!.label)!;
  for (const [label, v] of values) {
    const cpu = v.map((x) => x.serverCpuUsPerRequest);
    const ratios = cpu.map((x, i) => x / base[i]!.serverCpuUsPerRequest);
    const rate = quartiles(v.map((x) => x.requestsPerSecond)).median;
    const p99 = quartiles(v.map((x) => x.p99Ms)).median;
    console.log(
      `  ${label.padEnd(10)} server CPU µs/req ${figures(quartiles(cpu), 0)}; ` +
        `ratio to ${builds[0]!.label} in the same slice: ${figures(quartiles(ratios), 3)}; ` +
        `median ${rate.toFixed(0)} ${name === 'burst' ? 'solves' : 'req'}/s, p99 ${p99.toFixed(0)} ms; ` +
        `${v.reduce((sum, x) => sum + x.failed, 0)} failed`,
    );
  }
  // The same build on several servers (named twice in COMPARE): their spread is the run's noise between servers, against
  // which a difference between builds is read (docs/performance.md "Comparing builds").
  for (const same of sameBuilds(builds)) {
    const medians = same.map((b) => quartiles(values.get(b.label)!.map((x) => x.serverCpuUsPerRequest)).median);
    console.log(
      `  same build on ${same.length} servers (${same.map((b) => b.label).join(', ')}): server CPU µs/req medians ` +
        `${Math.min(...medians).toFixed(0)}-${Math.max(...medians).toFixed(0)}, ` +
        `${((Math.max(...medians) / Math.min(...medians) - 1) * 100).toFixed(0)}% apart`,
    );
  }
}
for (const { build, server } of servers)
  console.log(`${build.label.padEnd(10)} RSS after the loads: ${(await server.rssMb()).toFixed(0)} MB`);
for (const { server } of servers) await server.stop();
const integrity: Record<string, IntegrityReport> = {};
for (const build of builds) {
  integrity[build.label] = await comparison.integrity(build);
  log(
    `${build.label}: integrity ${integrityOk(integrity[build.label]!) ? 'ok' : 'BROKEN'} ${JSON.stringify(integrity[build.label])}`,
  );
}
await comparison.remove();
await writeResults('-compare', { database: kind, builds, loadAverageBefore, loads: recorded, integrity }, started);
process.exit(0);
