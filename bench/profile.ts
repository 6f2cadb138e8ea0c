// One build's server under V8's CPU profiler, one profile per load (docs/performance.md "Comparing builds"): seeded and
// loaded as bench/compare.ts does, on PostgreSQL; prints each load's rate, server CPU per request and the functions
// with the most self time, and writes `<OUT>/load.<n>.cpuprofile`, n counting the loads from 0 (open it in Chrome's
// DevTools, Performance tab).
//   ENTRY=apps/server/dist/main.js [LOAD=page,search,wrong,burst] [SECONDS=8] [OUT=/tmp/drapeau-profile] [WARM=0]
// Each load runs once unprofiled first (JIT warm-up); WARM=0 profiles the first run instead (a first burst after start).
//   node --import tsx bench/profile.ts
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { loadNames, prepareComparison } from './lib/compare-builds.js';
import { root } from './lib/options.js';

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function, as a share of the profile (idle included), the largest first. */
function selfTimes(profile: Profile, count: number): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const times = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)!;
    const where = frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : 'native';
    const key = `${frame.functionName || '(anonymous)'} ${where}`;
    const delta = profile.timeDeltas[index] ?? 0;
    times.set(key, (times.get(key) ?? 0) + delta);
    total += delta;
  });
  return [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, time]) => `${((100 * time) / total).toFixed(1).padStart(5)}%  ${key}`);
}

const entry = path.resolve(process.env.ENTRY ?? 'apps/server/dist/main.js');
const out = path.resolve(process.env.OUT ?? '/tmp/drapeau-profile');
await mkdir(out, { recursive: true });
const prefix = path.join(out, 'load');
const build = {
  label: 'profiled',
  entry: path.join(root, 'bench/lib/profiled-entry.mjs'),
  env: { PROFILE_ENTRY: entry, PROFILE_PREFIX: prefix },
};
const comparison = await prepareComparison('postgres', [build]);
const { start, load } = comparison;
const { server } = await start(build);
let index = 0;
for (const name of loadNames(process.env.LOAD ?? 'page,search,wrong')) {
  if (process.env.WARM !== '0') await load(build, server, name, 3, 2);
  process.kill(server.pid, 'SIGWINCH');
  const result = await load(build, server, name, Number(process.env.SECONDS ?? 8));
  process.kill(server.pid, 'SIGWINCH');
  const file = `${prefix}.${index++}.cpuprofile`;
  let text: string | undefined;
  for (let tries = 0; tries < 60 && text === undefined; tries++) {
    text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) await sleep(500);
  }
  if (text === undefined) throw new Error(`no profile written to ${file}`);
  console.log(
    `${name}: ${Math.round(result.requestsPerSecond)} req/s, server CPU ${result.serverCpuUsPerRequest.toFixed(0)} µs/req ` +
      `(the profiler adds some); ${file}`,
  );
  for (const line of selfTimes(JSON.parse(text) as Profile, 25)) console.log(`  ${line}`);
}
await server.stop();
await comparison.remove();
process.exit(0);
