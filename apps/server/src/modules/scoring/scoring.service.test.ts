import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../../../test/test-database.js';
import type { Database } from '../../db/client.js';
import { createMemoryEventBus } from '../events/event-bus.js';

import { createScoringRepository } from './scoring.repository.js';
import { createScoringService } from './scoring.service.js';

// docs/decisions/007-scoring.md: no read of the ledger inside a transaction waits for the database. On PGlite, a transaction holds the one
// connection: a read of the ledger inside it that waited for a read of every fact (an admin's change under way) would
// wait for ever, and so would the transaction.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

describe('the scoring service', () => {
  it('answers a read made inside a transaction while every fact is being read again', async () => {
    const scoring = createScoringService({ repository: createScoringRepository(database.db), events: createMemoryEventBus() });
    await scoring.ready();
    let reloaded: Promise<void> | undefined;
    const read = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      reloaded = scoring.reload();
      return scoring.liveStandings('players');
    });
    expect(read.size).toBe(0);
    await reloaded;
    scoring.close();
  });

  it('applies a costly hint opened from its event, without reading every fact again', async () => {
    const repository = createScoringRepository(database.db);
    let reads = 0;
    const counted = { ...repository, loadFacts: () => (reads++, repository.loadFacts()) };
    const events = createMemoryEventBus();
    const scoring = createScoringService({ repository: counted, events });
    await scoring.ready();
    expect(reads).toBe(1);
    events.publish('leaderboard', { reason: 'hint' });
    events.publish('leaderboard', { reason: 'solve' });
    await scoring.liveStandings('players');
    expect(reads).toBe(1);
    // An admin's change to the catalogue may rewrite facts: read again.
    events.publish('leaderboard', { reason: 'catalogue' });
    await scoring.liveStandings('players');
    expect(reads).toBe(2);
    scoring.close();
  });
});
