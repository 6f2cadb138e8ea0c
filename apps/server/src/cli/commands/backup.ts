import path from 'node:path';

import type { Command } from 'commander';

import type { Config } from '../../config.js';
import { type Database, readMigrationStatus } from '../../db/client.js';
import { BackupRejectedError } from '../../modules/backup/backup-archive.js';
import { createBackupRepository } from '../../modules/backup/backup.repository.js';
import { createBackupService } from '../../modules/backup/backup.service.js';
import { createInstanceRepository } from '../../modules/instance/instance.repository.js';
import { loadInstanceSecrets } from '../../modules/instance/instance-secrets.js';
import { CliError, type CliContext } from '../context.js';

async function backupServiceFor(database: Database, config: Config) {
  const status = await readMigrationStatus(database.db);
  return createBackupService({
    repository: createBackupRepository(database.db),
    source: database.kind,
    dataDir: config.dataDir,
    secrets: await loadInstanceSecrets(createInstanceRepository(database.db), config),
    schema: { migrations: status.expected, latestAt: status.latestAt },
  });
}

export function registerBackupCommands(program: Command, context: CliContext): void {
  program
    .command('backup')
    .description(
      'write the whole instance (rows, files, secrets) to one archive; on PostgreSQL it runs beside the servers, ' +
        'from one consistent snapshot (on the embedded database, stop the server or use the admin panel)',
    )
    .argument('<file>', 'archive to write (a .tar.gz, readable by its owner only: it holds the secrets)')
    .action(async (file: string) => {
      const target = path.resolve(file);
      await context.withDatabase({ needsServerStopped: false, migrations: 'require' }, async (database, config) => {
        const summary = await (await backupServiceFor(database, config)).createBackup(target);
        context.out(`Backup written to ${target}: ${summary.rows} rows in ${summary.tables} tables, ${summary.files} files.\n`);
      });
    });

  program
    .command('restore')
    .description(
      'replace the whole instance with an archive written by `backup` (from PGlite or PostgreSQL); every server must be ' +
        'stopped; a damaged archive or one from a newer version is refused and nothing is changed',
    )
    .argument('<file>', 'archive written by `backup` or downloaded from the admin panel')
    .action(async (file: string) => {
      const source = path.resolve(file);
      await context.withDatabase({ needsServerStopped: true }, async (database, config) => {
        try {
          const summary = await (await backupServiceFor(database, config)).restoreBackup(source, config);
          context.out(
            `Restored ${source}: ${summary.rows} rows in ${summary.tables} tables, ${summary.files} files.\n` +
              summary.warnings.map((w) => `warning: ${w}\n`).join(''),
          );
        } catch (error) {
          if (error instanceof BackupRejectedError) throw new CliError(`Refused: ${error.message}`);
          throw error;
        }
      });
    });
}
