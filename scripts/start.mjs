// `npm start`: builds what is not built yet (web bundle, server), then serves both on one port.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time under a folder (skipping build output and dependencies). */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function isStale(output, ...sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newest(path.join(root, source)) > built);
}

/**
 * One build step, as one line with its time (docs/operations.md "Logs"): the tools' own output (a line per chunk) is
 * kept and shown only when the step fails.
 */
function build(label, workspace) {
  process.stdout.write(`Building ${label}…`);
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stdout.write(` failed after ${seconds} s:\n`);
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    process.exit(result.status ?? 1);
  }
  process.stdout.write(` done in ${seconds} s\n`);
}

if (isStale(path.join(root, 'apps/web/dist/index.html'), 'apps/web/src', 'packages/shared/src')) {
  build('the web app', '@drapeau/web');
}
if (isStale(path.join(root, 'apps/server/dist/main.js'), 'apps/server/src', 'packages/shared/src')) {
  build('the server', '@drapeau/server');
}

// A young generation of 32 MB instead of 16 (docs/performance.md "2026-11-25"), as the Dockerfile's CMD does.
const flags = ['--enable-source-maps', '--max-semi-space-size=32'];
const server = spawn(process.execPath, [...flags, path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
