// A server entry under V8's sampling heap profiler, for bench/memory.ts: runs MEMORY_ENTRY (a build's main.js) with the
// profiler on from the first line, so that every object the server keeps is traced to the code that made it. On SIGWINCH
// (which the server ignores) it collects the garbage, then writes MEMORY_OUT: process.memoryUsage(), V8's heap spaces and
// the profile of the objects alive (sampled every 16 KB allocated).
import { renameSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import v8 from 'node:v8';

const session = new inspector.Session();
session.connect();
const post = (method, params = {}) =>
  new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
await post('HeapProfiler.enable');
await post('HeapProfiler.startSampling', { samplingInterval: 16_384 });
process.on('SIGWINCH', async () => {
  await post('HeapProfiler.collectGarbage');
  const { profile } = await post('HeapProfiler.getSamplingProfile');
  const out = process.env.MEMORY_OUT;
  const text = JSON.stringify({ memory: process.memoryUsage(), spaces: v8.getHeapSpaceStatistics(), profile });
  // Whole or not at all: bench/memory.ts reads the file as soon as it exists.
  writeFileSync(`${out}.part`, text);
  renameSync(`${out}.part`, out);
});
await import(process.env.MEMORY_ENTRY);
