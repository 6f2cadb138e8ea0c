// A server entry under V8's CPU profiler, for bench/profile.ts: runs PROFILE_ENTRY (a build's main.js); each SIGWINCH
// (which the server ignores) starts the profiler, and the next one writes the profile to PROFILE_PREFIX.<n>.cpuprofile,
// so that a profile holds one load and nothing of the start or the seed.
import { renameSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';

const session = new inspector.Session();
session.connect();
let running = false;
let written = 0;
process.on('SIGWINCH', () => {
  if (!running) {
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 200 }, () => session.post('Profiler.start')),
    );
  } else {
    session.post('Profiler.stop', (error, result) => {
      if (error) throw error;
      // Whole or not at all: bench/profile.ts reads the file as soon as it exists.
      const file = `${process.env.PROFILE_PREFIX}.${written++}.cpuprofile`;
      writeFileSync(`${file}.part`, JSON.stringify(result.profile));
      renameSync(`${file}.part`, file);
    });
  }
  running = !running;
});
await import(process.env.PROFILE_ENTRY);
