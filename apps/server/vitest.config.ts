import { fileURLToPath, URL } from 'node:url';

import { configDefaults, defineProject } from 'vitest/config';

import { filesMockingModules } from '../../vitest.isolation.js';

const mocking = filesMockingModules(fileURLToPath(new URL('.', import.meta.url)), ['src', 'test']);

/** The server's tests; `isolated`: the files that mock a module, each in a module graph of its own. */
export function serverProject(isolated: boolean) {
  return defineProject({
    test: {
      name: isolated ? 'server (isolated)' : 'server',
      environment: 'node',
      include: isolated ? mocking : ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: isolated ? configDefaults.exclude : [...configDefaults.exclude, ...mocking],
      // Generous limits: a test must pass or fail on what it checks, never on how busy the machine is
      // (CI runs on a shared machine that may have a load average of 8).
      testTimeout: 180_000,
      hookTimeout: 180_000,
      globalSetup: ['./test/global-setup.ts'],
      // After each test, every app still open serves the scores its rows make (docs/conventions.md#tests).
      setupFiles: ['./test/setup.ts'],
      // Apart from the files that mock a module, one module graph per worker, not per file: half the suite's time was
      // each file loading the server again (docs/conventions.md, "Tests"). A test file leaves no module state behind:
      // each builds its own app.
      isolate: isolated,
    },
  });
}

export default serverProject(false);
