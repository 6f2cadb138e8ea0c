import type { Command } from 'commander';

import type { CliContext } from '../context.js';

export function registerMigrateCommand(program: Command, context: CliContext): void {
  program
    .command('migrate')
    .description('apply the database migrations this version ships (the server also does it at start)')
    .action(async () => {
      await (await import('../actions/migrate.js')).migrate(context);
    });
}
