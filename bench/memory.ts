// Where one build's server memory goes (docs/performance.md "Comparing builds"): seeded and started as bench/compare.ts
// does, on PostgreSQL, under V8's sampling heap profiler (lib/memory-entry.mjs); after the loads named (none by default:
// the memory after the start), it prints process.memoryUsage(), V8's heap spaces and the code that made the objects still
// alive, largest first, each with the calls that led to it.
//   ENTRY=apps/server/dist/main.js [LOAD=page,search,wrong,burst] [SECONDS=8] [OUT=/tmp/drapeau-memory.json]
//   node --import tsx bench/memory.ts
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { loadNames, prepareComparison } from './lib/compare-builds.js';
import { root } from './lib/options.js';

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface SampledNode {
  callFrame: Frame;
  selfSize: number;
  children: SampledNode[];
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const where = (frame: Frame) =>
  `${frame.functionName || '(anonymous)'} ${frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : ''}`;

/** Bytes alive per allocating function (with the two calls above it), the largest first. */
function allocationSites(head: SampledNode, count: number): string[] {
  const sites = new Map<string, number>();
  const walk = (node: SampledNode, stack: Frame[]) => {
    const frames = [...stack, node.callFrame];
    if (node.selfSize > 0) {
      const key = frames.slice(-3).reverse().map(where).join(' < ');
      sites.set(key, (sites.get(key) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, frames);
  };
  walk(head, []);
  return [...sites]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, size]) => `${mb(size).padStart(9)}  ${key}`);
}

const entry = path.resolve(process.env.ENTRY ?? 'apps/server/dist/main.js');
const out = path.resolve(process.env.OUT ?? '/tmp/drapeau-memory.json');
await rm(out, { force: true });
const build = {
  label: 'memory',
  entry: path.join(root, 'bench/lib/memory-entry.mjs'),
  env: { MEMORY_ENTRY: entry, MEMORY_OUT: out },
};
const comparison = await prepareComparison('postgres', [build]);
const { server } = await comparison.start(build);
for (const name of loadNames(process.env.LOAD ?? ''))
  await comparison.load(build, server, name, Number(process.env.SECONDS ?? 8));
process.kill(server.pid, 'SIGWINCH');
let text: string | undefined;
for (let tries = 0; tries < 120 && text === undefined; tries++) {
  text = await readFile(out, 'utf8').catch(() => undefined);
  if (text === undefined) await sleep(500);
}
if (text === undefined) throw new Error(`no memory report written to ${out}`);
const report = JSON.parse(text) as {
  memory: NodeJS.MemoryUsage;
  spaces: { space_name: string; space_used_size: number; space_size: number }[];
  profile: { head: SampledNode };
};
console.log(
  Object.entries(report.memory)
    .map(([key, value]) => `${key} ${mb(value)}`)
    .join(', '),
);
console.log(report.spaces.map((s) => `${s.space_name} ${mb(s.space_used_size)} of ${mb(s.space_size)}`).join(', '));
for (const line of allocationSites(report.profile.head, Number(process.env.SITES ?? 40))) console.log(line);
await server.stop();
await comparison.remove();
process.exit(0);
