// `npm test`: every suite. `npm run check` (format, lint, types, unit and route tests on PGlite); the route tests again on
// PostgreSQL when DATABASE_URL is set; the fault tests in CI or on request (they stop the local PostgreSQL); the
// Playwright journeys against the built app served by the real server; then, in CI or on request, the container image
// and the compose stack with podman (the images built in the background from the PostgreSQL pass on).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/**
 * A step that mostly waits (downloads, image builds) started beside the next steps: its output goes to a file, printed
 * when `finish` waits for it; a failure there fails the run with that output. If the run stops before, the step's
 * processes are stopped with it.
 */
function startInBackground(title, command, args) {
  console.log(`\n▶ ${title}: started in the background`);
  const log = join(mkdtempSync(join(tmpdir(), 'drapeau-test-')), 'output.log');
  const output = openSync(log, 'w');
  const stepStarted = Date.now();
  const child = spawn(command, args, { stdio: ['ignore', output, output], detached: true });
  let outcome;
  const exited = new Promise((resolve) => {
    child.on('error', (error) => resolve((outcome = { status: 1, error, ended: Date.now() })));
    child.on('exit', (status) => resolve((outcome = { status, ended: Date.now() })));
  });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Ended already.
    }
  };
  process.on('exit', stop);
  // Interrupted: exit, which stops the background step too (it has a process group of its own, which Ctrl-C misses).
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ])
    process.on(signal, () => process.exit(code));
  const background = {
    /** Fails the run now, between two steps, if the background step failed already (a step blocks the event loop). */
    async failEarly() {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (outcome && outcome.status !== 0) await background.finish();
    },
    async finish() {
      console.log(`\n▶ ${title}: waiting for the background`);
      const waitStarted = Date.now();
      const { status, error, ended } = await exited;
      process.off('exit', stop);
      console.log(readFileSync(log, 'utf8'));
      if (status !== 0) {
        console.error(`✖ ${title} failed in the background after ${minutes(stepStarted)}${error ? `: ${error.message}` : ''}`);
        process.exit(status ?? 1);
      }
      console.log(
        `✔ ${title}: ${((ended - stepStarted) / 60_000).toFixed(1)} min in the background, ${minutes(waitStarted)} waited (${minutes(started)} in all)`,
      );
    },
  };
  return background;
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
  const dependsOnEngine = /DATABASE_URL|Promise\.all\(|database: t\.database|concurren|Runs on PostgreSQL too/i;
  return files.filter(
    (file) =>
      file.endsWith('.test.ts') &&
      (source.get(file).includes('DATABASE_URL') || opensDatabase(source.get(file), openers)) &&
      dependsOnEngine.test(source.get(file)),
  );
}

step('check: format, lint, types, unit and route tests (PGlite)', 'npm', ['run', 'check'], withoutDatabaseUrl);
// The container images build from here on, beside the PostgreSQL pass and the fault tests (which mostly wait on
// PostgreSQL), not beside the check, which keeps both cores busy; nothing in the build uses the local PostgreSQL (the
// fault tests stop it) or a port. Their checks run at the end, alone (docs/conventions.md, "Scripts and CI").
const containerImages = runContainerTests
  ? startInBackground('container images (podman)', 'bash', ['scripts/test-containers.sh', 'build'])
  : undefined;
if (databaseUrl)
  step('route tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server', ...databaseTestFiles()], process.env);
else console.log('\n(DATABASE_URL unset: the PostgreSQL pass is skipped)');
await containerImages?.failEarly();
step('build', 'npm', ['run', 'build']);
// Real server processes killed mid-burst, and the local PostgreSQL stopped under load: alone, after the other suites, and
// only in CI or when asked, since they stop the developer's PostgreSQL for a few seconds.
if (runFaultTests) step('fault tests', 'npm', ['run', 'test:fault']);
else console.log('\n(fault tests skipped: they run when CI is set or DRAPEAU_FAULT_TESTS=1)');
await containerImages?.failEarly();
step('end-to-end journeys (Chromium)', 'npx', ['playwright', 'test'], { ...process.env, DATABASE_URL: '' });
// The README's deploy steps with podman (image, restart, compose stack): in CI or on request, since they install podman
// and build images (4.8 minutes from nothing in a full CI-style run here, most of it the image's two `npm ci` and Debian's
// bootstrap, now in the background).
if (containerImages) {
  await containerImages.finish();
  step('container image and compose stack (podman)', 'bash', ['scripts/test-containers.sh', 'check']);
} else console.log('\n(container tests skipped: they run when CI is set or DRAPEAU_CONTAINER_TESTS=1)');
