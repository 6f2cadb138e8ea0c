// `npm run bench`: runs bench/run.ts with tsx (options after `--`, e.g. `npm run bench -- --db=pglite`; `-- --help`).
// Through a shell that first raises the soft limit of open files to the hard one: the live-clients figure holds 10,000
// streams, a file descriptor each in the server and in the client processes, which inherit the limit
// (docs/performance.md "10,000 live clients").
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(
  'sh',
  [
    '-c',
    'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec npx tsx "$@"',
    'bench',
    path.join(root, 'bench/run.ts'),
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
