// The JSON file each run leaves in bench/results/ (docs/performance.md quotes them).
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { options, root, serverEntry } from './options.js';

export const machine = () => ({
  cpus: os.cpus().length,
  model: os.cpus()[0]?.model,
  memoryGb: os.totalmem() / 2 ** 30,
  node: process.version,
});

/** Writes bench/results/<date><suffix>.json with the run's context and `results`; prints its path. */
export async function writeResults(suffix: string, results: Record<string, unknown>, started: number): Promise<void> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  const file = path.join(root, 'bench/results', `${stamp}${suffix}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  const seconds = (performance.now() - started) / 1000;
  const body = {
    date: new Date().toISOString(),
    git,
    // The build measured: this checkout's, or another commit's given with --server-entry.
    serverEntry: path.relative(root, serverEntry),
    machine: machine(),
    loadAverage: os.loadavg(),
    options,
    ...results,
    seconds,
  };
  await writeFile(file, `${JSON.stringify(body, null, 2)}\n`);
  console.log(`\nResults: ${path.relative(root, file)} (${seconds.toFixed(0)} s)`);
}
