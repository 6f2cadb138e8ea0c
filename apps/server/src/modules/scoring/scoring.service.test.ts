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
      return scoring.heldStandings('players');
    });
    expect(read.size).toBe(0);
    await reloaded;
    scoring.close();
  });

  it('applies a costly hint opened from its event, and reads every fact again only after a change that rewrites some', async () => {
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
    // An admin's change to the catalogue that rewrites a value: read again.
    await database.db.execute(sql`insert into categories (key, name_en, icon) values ('ledger-cat', 'C', 'flag')
      on conflict do nothing`);
    await database.db.execute(sql`insert into challenges (id, position, category, level, points, title_en, title_fr,
      description_en, description_fr) values ('ledger-read', 1, 'ledger-cat', 'easy', 100, 'T', 'T', 'D', 'D')`);
    events.publish('leaderboard', { reason: 'catalogue' });
    await scoring.liveStandings('players');
    expect(reads).toBe(2);
    await database.db.execute(sql`update challenges set points = 150 where id = 'ledger-read'`);
    events.publish('leaderboard', { reason: 'catalogue' });
    await scoring.liveStandings('players');
    expect(reads).toBe(3);
    // One that changes a text (or a file) only: the values and costly hints are read, not every solve.
    await database.db.execute(sql`update challenges set title_en = 'Retitled' where id = 'ledger-read'`);
    events.publish('leaderboard', { reason: 'catalogue' });
    await scoring.liveStandings('players');
    expect(reads).toBe(3);
    // A change that deletes facts reads them all again, whatever is asked meanwhile.
    await database.db.execute(sql`delete from challenges where id = 'ledger-read'`);
    events.publish('leaderboard', { reason: 'catalogue' });
    events.publish('leaderboard', { reason: 'catalogue' });
    await scoring.liveStandings('players');
    expect(reads).toBe(4);
    events.publish('leaderboard', { reason: 'catalogue' });
    events.publish('leaderboard', { reason: 'settings' });
    events.publish('leaderboard', { reason: 'catalogue' });
    await scoring.liveStandings('players');
    expect(reads).toBe(5);
    scoring.close();
  });
});
