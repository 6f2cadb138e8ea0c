import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** kill-during-burst first; postgres-restart (which stops the shared PostgreSQL) last and alone. */
class ByFileName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

/**
 * `npm run test:fault`: real server processes killed and PostgreSQL restarted under load. One file at a time, after
 * every other suite (postgres-restart.test.ts stops the local PostgreSQL for a few seconds).
 */
export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
  test: {
    name: 'fault',
    environment: 'node',
    include: ['test/fault/**/*.test.ts'],
    env: { DRAPEAU_FAULT_TESTS: '1' },
    fileParallelism: false,
    sequence: { sequencer: ByFileName },
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
