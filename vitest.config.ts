import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // Both cores of the CI machine (Vitest's default leaves one idle there): the suites take half the time. No test
    // depends on the machine's speed (generous timeouts, see apps/server/vitest.config.ts).
    maxWorkers: 2,
  },
});
