// Server builds in turn, each on a seeded store of its own (bench/lib/compare-builds.ts), restarted each round: cold
// start to the first 200 and to the first leaderboard page, idle RSS, then the sustained loads (LOADS, possibly empty).
// Rounds alternate the order of the builds (docs/performance.md "Comparing builds").
//   COMPARE=label=path/to/main.js[+ENV:value...],... [ROUNDS=4] [SECONDS=5] [LOADS=page,search,wrong[,burst]]
//   node --import tsx bench/compare-restarts.ts --db=postgres|pglite
import os from 'node:os';

import { buildsToCompare, loadNames, prepareComparison, quartiles } from './lib/compare-builds.js';
import { httpRequest } from './lib/http-client.js';
import { cookieOf, kinds } from './lib/options.js';

const builds = buildsToCompare();
const rounds = Number(process.env.ROUNDS ?? 4);
const duration = Number(process.env.SECONDS ?? 5);
const loads = loadNames(process.env.LOADS ?? 'page,search,wrong');
const kind = kinds[0]!;
const comparison = await prepareComparison(kind, builds);
const { start, load } = comparison;

const results = new Map<string, number[]>();
const record = (key: string, value: number) => results.set(key, [...(results.get(key) ?? []), value]);
console.log(`${kind}, ${rounds} rounds, loads of ${duration} s`);
for (let round = 0; round < rounds; round += 1) {
  for (const build of round % 2 ? [...builds].reverse() : builds) {
    const { server, readyMs } = await start(build);
    const board = await httpRequest(`${server.baseUrl}/api/leaderboard`, { headers: { cookie: cookieOf(1) } });
    const idleRss = await server.rssMb();
    record(`${build.label} ready ms`, readyMs);
    record(`${build.label} first board ms`, readyMs + board.ms);
    record(`${build.label} idle RSS MB`, idleRss);
    const line = [
      `ready ${readyMs.toFixed(0)} ms, first board +${board.ms.toFixed(0)} ms (${board.status}), RSS ${idleRss.toFixed(0)} MB`,
    ];
    for (const name of loads) {
      const r = await load(build, server, name, duration, 2);
      record(`${build.label} ${name} µs/req`, r.serverCpuUsPerRequest);
      line.push(`${name} ${r.serverCpuUsPerRequest.toFixed(0)} µs (${r.requestsPerSecond.toFixed(0)}/s, failed ${r.failed})`);
    }
    await server.stop();
    console.log(`round ${round + 1} ${build.label.padEnd(8)} load ${os.loadavg()[0]!.toFixed(1)}: ${line.join('; ')}`);
  }
}
await comparison.remove();
console.log('\nEach round, and the median:');
for (const [key, values] of results) {
  console.log(`${key.padEnd(28)} ${values.map((v) => v.toFixed(0)).join(' ')}  (median ${quartiles(values).median.toFixed(0)})`);
}
process.exit(0);
