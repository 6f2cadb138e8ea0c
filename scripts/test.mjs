// `npm test`: every suite. Format, lint, types, unit and route tests on PGlite; the route tests again on PostgreSQL when
// DATABASE_URL is set; then the fault tests and the Playwright journeys against the built app served by the real server.
import { spawnSync } from 'node:child_process';

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

const databaseUrl = process.env.DATABASE_URL;
const withoutDatabaseUrl = { ...process.env };
delete withoutDatabaseUrl.DATABASE_URL;

step('format', 'npx', ['prettier', '--check', '.']);
step('lint', 'npx', ['eslint', '.']);
step('typecheck', 'npm', ['run', 'typecheck']);
console.log('\n▶ unit and route tests (PGlite)');
{
  const result = spawnSync('npx', ['vitest', 'run'], { stdio: 'inherit', env: withoutDatabaseUrl });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (databaseUrl) step('route tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], { DATABASE_URL: databaseUrl });
else console.log('\n(DATABASE_URL unset: the PostgreSQL pass is skipped)');
step('build', 'npm', ['run', 'build']);
// Real server processes killed mid-burst, and PostgreSQL stopped under load: alone, after the other suites.
step('fault tests', 'npm', ['run', 'test:fault']);
step('end-to-end journeys (Chromium)', 'npx', ['playwright', 'test'], { DATABASE_URL: '' });
