import { expect, it } from 'vitest';

import { createManualClock } from '../../../../test/manual-clock.js';
import { createTestDatabase } from '../../../../test/test-database.js';

import { createCatalogueRepository } from './catalogue.repository.js';
import { createChallengesService } from './challenges.service.js';

// A player's progress read that fails (the database unreachable for a moment) while the event bus tells of their solve
// or of a hint opened on another instance fails only the request that asked for it: an unhandled rejection would stop
// the server (close-with-grace shuts it down on one).
it('a failed progress read meets a solve and a hint from the bus without an unhandled rejection', async () => {
  const database = await createTestDatabase();
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    let fail: (error: Error) => void = () => {};
    let reading: () => void = () => {};
    const readStarted = new Promise<void>((resolve) => (reading = resolve));
    const service = createChallengesService({
      repository: {
        ...createCatalogueRepository(database.db),
        findPlayersProgress: () =>
          new Promise((_resolve, reject) => {
            fail = reject;
            reading();
          }),
      },
      instanceSecret: 'test-instance-secret-0123456789',
      clock: createManualClock(),
    });
    const read = service.getProgress('player');
    service.noteSolve('player', 'some-challenge');
    const hint = service.noteHintOpened('player', 1);
    await readStarted;
    fail(new Error('database unreachable'));
    await expect(read).rejects.toThrow('database unreachable');
    await expect(hint).resolves.toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await database.close();
  }
});
