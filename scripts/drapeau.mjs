// `npm run drapeau -- <command>`: the operator's command-line tool (apps/server/src/cli). It runs from the sources in a
// checkout (always current, through tsx) and from the build where there are no sources (the container image).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'apps/server/src/cli/main.ts');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const built = path.join(root, 'apps/server/dist/cli.js');

const entry = existsSync(source) && existsSync(tsx) ? [tsx, source] : [built];
if (!existsSync(entry.at(-1))) {
  console.error('drapeau: the server is not built; run `npm run build` first.');
  process.exit(1);
}
const result = spawnSync(process.execPath, [...entry, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
