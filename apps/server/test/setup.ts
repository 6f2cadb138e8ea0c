import { afterAll, afterEach } from 'vitest';

import { openTestApps } from './build-test-app.js';
import { checkScoresServed } from './score-check.js';

// The score invariant (docs/conventions.md#tests), after every test of every file: each app still open serves the
// scores its rows make. Not after a failed test (its own failure says more).
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') return;
  for (const t of openTestApps) await checkScoresServed(t);
});

// A file that forgets to close an app leaves it out of the next files' checks (one module graph per worker).
afterAll(() => openTestApps.clear());
