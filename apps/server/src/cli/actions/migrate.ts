import { migrateDatabase, readMigrationStatus } from '../../db/client.js';
import type { CliContext } from '../context.js';

/** `migrate`: the migrations this version ships, applied (the server also does it at start). */
export async function migrate(context: CliContext): Promise<void> {
  await context.withDatabase({ needsServerStopped: false, migrations: 'skip' }, async (database) => {
    const before = await readMigrationStatus(database.db);
    await migrateDatabase(database);
    const after = await readMigrationStatus(database.db);
    context.out(
      `Applied ${before.pending - after.pending} migration(s); the ${database.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} ` +
        `database is up to date (${after.expected} migrations).\n`,
    );
  });
}
