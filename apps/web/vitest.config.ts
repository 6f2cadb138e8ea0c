import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // One module graph per worker, not per file (docs/conventions.md, "Tests"): the setup file resets what a
    // test may leave behind (mocks, the DOM, the language).
    isolate: false,
    // Generous: component tests must not fail on a busy machine.
    testTimeout: 60_000,
  },
});
