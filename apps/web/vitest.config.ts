import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { configDefaults, defineProject } from 'vitest/config';

import { filesMockingModules } from '../../vitest.isolation.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const mocking = filesMockingModules(root, ['src']);

/** The web app's tests; `isolated`: the files that mock a module, each in a module graph of its own. */
export function webProject(isolated: boolean) {
  return defineProject({
    plugins: [react()],
    resolve: {
      alias: { '@': path.join(root, 'src') },
    },
    test: {
      name: isolated ? 'web (isolated)' : 'web',
      environment: 'jsdom',
      include: isolated ? mocking : ['src/**/*.test.{ts,tsx}'],
      exclude: isolated ? configDefaults.exclude : [...configDefaults.exclude, ...mocking],
      setupFiles: ['./src/testing/setup.ts'],
      restoreMocks: true,
      // Apart from the files that mock a module, one module graph per worker, not per file (docs/conventions.md,
      // "Tests"): the setup file resets what a test may leave behind (mocks, the DOM, the language).
      isolate: isolated,
      // Generous: component tests must not fail on a busy machine.
      testTimeout: 60_000,
    },
  });
}

export default webProject(false);
