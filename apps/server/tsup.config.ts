import { cp } from 'node:fs/promises';

import { defineConfig } from 'tsup';

export default defineConfig({
  // main.js: the server; cli.js: the operator's tool (`npm run drapeau`).
  entry: { main: 'src/main.ts', cli: 'src/cli/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The shared contract is TypeScript source: bundle it; npm packages stay external.
  noExternal: ['@drapeau/shared'],
  async onSuccess() {
    await cp('src/db/migrations', 'dist/migrations', { recursive: true });
    // The built-in pack, read from beside the bundle (PACK_DIR in catalogue-transfer.service.ts).
    await cp('src/modules/challenges/pack', 'dist/pack', { recursive: true });
  },
});
