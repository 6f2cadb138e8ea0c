import { cp } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { defineConfig, type Options } from 'tsup';

const WEBAUTHN = '@simplewebauthn/server';
const WEBAUTHN_ON_DEMAND = fileURLToPath(new URL('src/modules/auth/webauthn-on-demand.ts', import.meta.url));

/**
 * The passkey plugin's import of @simplewebauthn/server, pointed at a module that loads the library on the first passkey
 * ceremony (src/modules/auth/webauthn-on-demand.ts, docs/performance.md "Cold start"): the plugin is bundled for that,
 * and the library, left out of tsup's own externals, stays external here.
 */
const webAuthnOnDemand: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'webauthn-on-demand',
  setup(build) {
    build.onResolve({ filter: /^@simplewebauthn\/server$/ }, (args) =>
      args.importer === WEBAUTHN_ON_DEMAND ? { path: WEBAUTHN, external: true } : { path: WEBAUTHN_ON_DEMAND },
    );
  },
};

export default defineConfig({
  // main.js: the server; cli.js: the operator's tool (`npm run drapeau`).
  entry: { main: 'src/main.ts', cli: 'src/cli/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The shared contract is TypeScript source: bundle it; npm packages stay external, but for the passkey plugin.
  noExternal: ['@drapeau/shared', '@better-auth/passkey', WEBAUTHN],
  // What the passkey plugin imports from better-auth's own packages stays external: one copy of its classes and context.
  external: [/^@better-auth\/(core|utils)(\/|$)/, /^better-call(\/|$)/],
  esbuildPlugins: [webAuthnOnDemand],
  async onSuccess() {
    await cp('src/db/migrations', 'dist/migrations', { recursive: true });
    // The built-in pack: a folder in the import format, read by the importer at first start (PACK_DIR).
    await cp('src/modules/challenges/pack', 'dist/pack', { recursive: true });
  },
});
