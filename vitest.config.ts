import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The apps' test files that mock a module run in projects of their own, isolated (vitest.isolation.ts).
    projects: ['packages/*', 'apps/*', 'apps/server/vitest.isolated.config.ts', 'apps/web/vitest.isolated.config.ts'],
    // Both cores of the CI machine (Vitest's default leaves one idle there): the suites take half the time. No test
    // depends on the machine's speed (generous timeouts, see apps/server/vitest.config.ts).
    maxWorkers: 2,
  },
});
