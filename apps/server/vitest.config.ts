import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Generous limits: a test must pass or fail on what it checks, never on how busy the machine is
    // (CI runs on a shared machine that may have a load average of 8).
    testTimeout: 180_000,
    hookTimeout: 180_000,
    globalSetup: ['./test/global-setup.ts'],
    // One module graph per worker, not per file: half the suite's time was each file loading the server again
    // (docs/conventions.md, "Tests"). A test file leaves no module state behind: each builds its own app.
    isolate: false,
  },
});
