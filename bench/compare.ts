// Two or more server builds side by side (docs/performance.md "Comparing builds"): all running at once on one seeded
// PostgreSQL database, loaded in turn in short slices (A B, B A, ...), so that the machine's drift falls on every build
// alike. Prints each build's server CPU µs per request, and its ratio to the first build's in the same slices.
//   COMPARE=label=path/to/main.js[+ENV:value...],label=... [SLICES=30] [SLICE_SECONDS=1] [LOAD=page,search,wrong]
//   [WRONG_CHALLENGE=<id>] node --import tsx bench/compare.ts [--users=… --solves=… --connections=…]
import os from 'node:os';

import { buildsToCompare, loadNames, prepareComparison, quartiles } from './lib/compare-builds.js';

const builds = buildsToCompare();
const slices = Number(process.env.SLICES ?? 30);
const sliceSeconds = Number(process.env.SLICE_SECONDS ?? 1);
const { start, load } = await prepareComparison('postgres', builds);
const servers = [];
for (const build of builds) servers.push({ build, server: (await start(build)).server });

const figures = (q: { p25: number; median: number; p75: number }, digits: number) =>
  `median ${q.median.toFixed(digits)} (p25 ${q.p25.toFixed(digits)}, p75 ${q.p75.toFixed(digits)})`;
for (const name of loadNames(process.env.LOAD ?? 'page')) {
  for (const { server } of servers) await load(server, name, 2, 1);
  const values = new Map<string, number[]>(builds.map((b) => [b.label, []]));
  for (let i = 0; i < slices; i += 1) {
    for (const { build, server } of i % 2 ? [...servers].reverse() : servers) {
      values.get(build.label)!.push((await load(server, name, sliceSeconds)).serverCpuUsPerRequest);
    }
  }
  const base = values.get(builds[0]!.label)!;
  console.log(`${name}: ${slices} slices of ${sliceSeconds} s, load average ${os.loadavg()[0]!.toFixed(1)}`);
  for (const [label, v] of values) {
    const ratios = v.map((x, i) => x / base[i]!);
    console.log(
      `  ${label.padEnd(10)} server CPU µs/req ${figures(quartiles(v), 0)}; ` +
        `ratio to ${builds[0]!.label} in the same slice: ${figures(quartiles(ratios), 3)}`,
    );
  }
}
for (const { build, server } of servers)
  console.log(`${build.label.padEnd(10)} RSS after the loads: ${(await server.rssMb()).toFixed(0)} MB`);
for (const { server } of servers) await server.stop();
process.exit(0);
