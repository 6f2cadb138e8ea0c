// `npm start`: builds what is not built yet (web bundle, server), then serves both on one port.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildStep } from './build-step.mjs';

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

/** A build step of its workspace, as one line with its time; the tools' output only when it fails (build-step.mjs). */
function build(label, workspace) {
  const { ok, status } = buildStep(label, 'npm', ['run', 'build', '-w', workspace], { cwd: root });
  if (!ok) process.exit(status);
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
