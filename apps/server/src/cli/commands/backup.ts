import type { Command } from 'commander';

import type { CliContext } from '../context.js';

export function registerBackupCommands(program: Command, context: CliContext): void {
  program
    .command('backup')
    .summary('write the whole instance to one archive, also while the server runs')
    .description(
      'write the whole instance (rows, files, secrets) to one archive, from one consistent snapshot, while the server ' +
        'runs: on PostgreSQL the tool reads the database itself; on the embedded database it asks the running server ' +
        '(over DATA_DIR/drapeau.sock), or opens the database when no server runs',
    )
    .argument('<file>', 'archive to write (a .tar.gz, readable by its owner only: it holds the secrets)')
    .action(async (file: string) => {
      await (await import('../actions/backup.js')).backup(context, file);
    });

  program
    .command('restore')
    .summary('replace the whole instance with an archive (every server stopped)')
    .description(
      'replace the whole instance with an archive written by `backup` (from PGlite or PostgreSQL); every server must be ' +
        'stopped; a damaged archive or one from a newer version is refused and nothing is changed',
    )
    .argument('<file>', 'archive written by `backup` or downloaded from the admin panel')
    .action(async (file: string) => {
      await (await import('../actions/backup.js')).restore(context, file);
    });
}
