// `npm test`: every suite. `npm run check` (format, lint, types, unit and route tests on PGlite); the route tests again on
// PostgreSQL when DATABASE_URL is set; the fault tests in CI or on request (they stop the local PostgreSQL); the
// Playwright journeys against the built app served by the real server; then, in CI or on request, the container image
// and the compose stack with podman.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const started = Date.now();
const minutes = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;

// Each step prints how long it took, and the run its total: CI has a time budget (docs/conventions.md, "Scripts and CI").
function step(title, command, args, env = process.env) {
  console.log(`\n▶ ${title}`);
  const stepStarted = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed after ${minutes(stepStarted)}`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title}: ${minutes(stepStarted)} (${minutes(started)} in all)`);
}

const databaseUrl = process.env.DATABASE_URL;
const withoutDatabaseUrl = { ...process.env };
delete withoutDatabaseUrl.DATABASE_URL;
const truthy = (value) => value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
const runFaultTests = truthy(process.env.CI) || process.env.DRAPEAU_FAULT_TESTS === '1';
const runContainerTests = truthy(process.env.CI) || process.env.DRAPEAU_CONTAINER_TESTS === '1';

/**
 * The server's test files whose outcome can depend on the database engine (docs/conventions.md#tooling): among those
 * that open a database (they read DATABASE_URL or import, directly or through another test helper,
 * `test/test-database.ts` or `test/build-test-app.ts`), the ones that send concurrent requests (`Promise.all`), run
 * several instances on one database, read DATABASE_URL, or say they test concurrency. PGlite is PostgreSQL itself, built
 * to WebAssembly, on one connection: what differs on a server is concurrency (locks, the pool, transactions that really
 * overlap) and what goes between instances (LISTEN/NOTIFY). A new helper that opens a database through either module is
 * found by the same walk.
 */
function databaseTestFiles() {
  const server = 'apps/server';
  const files = ['src', 'test'].flatMap((dir) =>
    readdirSync(join(server, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => join(entry.parentPath, entry.name)),
  );
  const source = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
  const opensDatabase = (text, openers) => [...openers].some((opener) => text.includes(`/${opener}.js'`));
  const openers = new Set(['test-database', 'build-test-app']);
  const helpers = files.filter((file) => file.startsWith(`${server}/test/`) && !file.endsWith('.test.ts'));
  for (let grew = true; grew;) {
    const before = openers.size;
    for (const file of helpers)
      if (opensDatabase(source.get(file), openers)) openers.add(file.split('/').pop().replace(/\.ts$/, ''));
    grew = openers.size > before;
  }
  const dependsOnEngine = /DATABASE_URL|Promise\.all\(|database: t\.database|concurren/i;
  return files.filter(
    (file) =>
      file.endsWith('.test.ts') &&
      (source.get(file).includes('DATABASE_URL') || opensDatabase(source.get(file), openers)) &&
      dependsOnEngine.test(source.get(file)),
  );
}

step('check: format, lint, types, unit and route tests (PGlite)', 'npm', ['run', 'check'], withoutDatabaseUrl);
if (databaseUrl)
  step('route tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server', ...databaseTestFiles()], process.env);
else console.log('\n(DATABASE_URL unset: the PostgreSQL pass is skipped)');
step('build', 'npm', ['run', 'build']);
// Real server processes killed mid-burst, and the local PostgreSQL stopped under load: alone, after the other suites, and
// only in CI or when asked, since they stop the developer's PostgreSQL for a few seconds.
if (runFaultTests) step('fault tests', 'npm', ['run', 'test:fault']);
else console.log('\n(fault tests skipped: they run when CI is set or DRAPEAU_FAULT_TESTS=1)');
step('end-to-end journeys (Chromium)', 'npx', ['playwright', 'test'], { ...process.env, DATABASE_URL: '' });
// The README's deploy steps with podman (image, restart, compose stack): in CI or on request, since they install podman
// and build images (4.8 minutes from nothing in a full CI-style run here, most of it the image's two `npm ci` and Debian's bootstrap).
if (runContainerTests) step('container image and compose stack (podman)', 'bash', ['scripts/test-containers.sh']);
else console.log('\n(container tests skipped: they run when CI is set or DRAPEAU_CONTAINER_TESTS=1)');
