import type { Command } from 'commander';

import { migrateDatabase, readMigrationStatus } from '../../db/client.js';
import type { CliContext } from '../context.js';

export function registerMigrateCommand(program: Command, context: CliContext): void {
  program
    .command('migrate')
    .description('apply the database migrations this version ships (the server also does it at start)')
    .action(async () => {
      await context.withDatabase({ needsServerStopped: false, migrations: 'skip' }, async (database) => {
        const before = await readMigrationStatus(database.db);
        await migrateDatabase(database);
        const after = await readMigrationStatus(database.db);
        context.out(
          `Applied ${before.pending - after.pending} migration(s); the ${database.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} ` +
            `database is up to date (${after.expected} migrations).\n`,
        );
      });
    });
}
