import { existsSync } from 'node:fs';
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

const WEBAUTHN = '@simplewebauthn/server';
const WEBAUTHN_ON_DEMAND = fileURLToPath(new URL('src/modules/auth/webauthn-on-demand.ts', import.meta.url));
const OUT_DIR = fileURLToPath(new URL('dist', import.meta.url));

/**
 * The npm packages left out of the build (docs/performance.md "Cold start"): every other one is bundled, so that a start
 * reads a few files instead of some 1,700 and resolves no package. These stay files of their own in node_modules:
 */
const EXTERNAL = [
  // They cannot be bundled: PGlite reads its WebAssembly and data files beside its module; sharp is a native addon;
  // pino starts its transports (pino-pretty) in worker threads that load them by path.
  '@electric-sql/pglite',
  'sharp',
  'pino',
  'pino-pretty',
  // Imported on first use only, by one kind of deployment or one rare action: pg on PostgreSQL (with its optional
  // native binding), ioredis with REDIS_URL, nodemailer for SMTP, the archives' libraries, the data directory's lock on
  // PGlite, and the passkey ceremonies' library (below).
  'pg',
  'pg-native',
  'ioredis',
  'nodemailer',
  'tar',
  'yauzl',
  'yazl',
  'proper-lockfile',
  // Kubernetes' client, with INSTANCES_PROVIDER=kubernetes only (modules/instances/kubernetes-provider.ts).
  '@kubernetes/client-node',
  WEBAUTHN,
  // Loaded by path at run time, which a bundler cannot follow: @fastify/rate-limit's stores
  // (http/ip-rate-limit-store.ts), and sql.js, which reads its WebAssembly beside its module (the SQL lab, in the lab
  // workers: @drapeau/labs, handlers/sql-sandbox.ts).
  '@fastify/rate-limit',
  'sql.js',
];
const IS_EXTERNAL = new RegExp(`^(${EXTERNAL.map((name) => name.replace(/[/.-]/g, '\\$&')).join('|')})(/|$)`);

/** The folder of the package `name` that Node finds from `dir`: the first `node_modules/name` up the tree. */
function packageSeenFrom(dir: string, name: string): string | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(at) === at) return undefined;
  }
}

/**
 * What stays out of the build. The passkey plugin's import of @simplewebauthn/server is pointed at a module that loads
 * the library on the first passkey ceremony (src/modules/auth/webauthn-on-demand.ts). An external package is loaded from
 * the build's folder, not from the bundled package that imports it: the build fails if that importer would get another
 * copy (a nested version in its own node_modules), which would otherwise show only when that code runs.
 */
const externals: EsbuildPlugin = {
  name: 'drapeau-externals',
  setup(build) {
    build.onResolve({ filter: IS_EXTERNAL }, (args) => {
      if (args.path === WEBAUTHN && args.importer !== WEBAUTHN_ON_DEMAND) return { path: WEBAUTHN_ON_DEMAND };
      const name = /^(@[^/]+\/)?[^/]+/.exec(args.path)![0];
      const wanted = packageSeenFrom(args.resolveDir, name);
      const loaded = packageSeenFrom(OUT_DIR, name);
      if (wanted !== loaded)
        return {
          errors: [{ text: `${args.importer} imports ${name} from ${wanted ?? 'nowhere'}; the build would load ${loaded}` }],
        };
      return { path: args.path, external: true };
    });
  },
};

export default defineConfig({
  // main.js: the server; cli.js: the operator's tool (`npm run drapeau`); lab-worker.js: a lab worker thread, which the
  // server starts from beside its entry (modules/labs/lab-pool.ts).
  entry: { main: 'src/main.ts', cli: 'src/cli/main.ts', 'lab-worker': 'src/modules/labs/lab-worker.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // tsup leaves every package to the plugin below, which keeps EXTERNAL out.
  noExternal: [/./],
  // The bundled CommonJS packages call require() (for Node's own modules and the external packages): an ES module has
  // none, so each output file makes one, resolving from the build's folder.
  banner: {
    js: "import { createRequire as __drapeauCreateRequire } from 'node:module'; const require = __drapeauCreateRequire(import.meta.url);",
  },
  // The maps give stack traces their source lines (--enable-source-maps); without the sources' text they are a third of
  // the size, and a start with them costs 0.1 s and 30 MB less.
  esbuildOptions(options) {
    options.sourcesContent = false;
  },
  esbuildPlugins: [externals],
  async onSuccess() {
    // What the container image keeps in node_modules (scripts/prune-image-modules.mjs): the external packages installed.
    const installed = EXTERNAL.filter((name) => packageSeenFrom(OUT_DIR, name) !== undefined);
    await writeFile('dist/external-packages.json', `${JSON.stringify(installed)}\n`);
    await cp('src/db/migrations', 'dist/migrations', { recursive: true });
    // The built-in pack: a folder in the import format, read by the importer at first start (PACK_DIR).
    await cp('src/modules/challenges/pack', 'dist/pack', { recursive: true });
  },
});
