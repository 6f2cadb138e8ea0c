import { afterAll, afterEach } from 'vitest';

import { openTestApps } from './open-test-apps.js';

// The score invariant (docs/conventions.md#tests), after every test of every file: each app still open serves the
// scores its rows make. Not after a failed test (its own failure says more). The check is imported only when an app is
// open: loaded before a test file's `vi.mock`, the server's modules would keep their real imports.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail' || openTestApps.size === 0) return;
  const { checkScoresServed } = await import('./score-check.js');
  for (const t of openTestApps) await checkScoresServed(t);
});

// A file that forgets to close an app leaves it out of the next files' checks (one module graph per worker).
afterAll(() => openTestApps.clear());
