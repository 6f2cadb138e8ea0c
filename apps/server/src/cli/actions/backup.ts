import path from 'node:path';

import type { Config } from '../../config.js';
import { type Database, readMigrationStatus } from '../../db/client.js';
import { BackupRejectedError } from '../../modules/backup/backup-archive.js';
import { createBackupRepository } from '../../modules/backup/backup.repository.js';
import { createBackupService, type BackupSummary } from '../../modules/backup/backup.service.js';
import { createSecretsRepository } from '../../modules/secrets/secrets.repository.js';
import { loadInstanceSecrets } from '../../modules/secrets/instance-secrets.js';
import { CliError, type CliContext } from '../context.js';
import { requestBackupFromServer } from '../server-backup.js';

async function backupServiceFor(database: Database, config: Config) {
  const status = await readMigrationStatus(database.db);
  return createBackupService({
    repository: createBackupRepository(database.db),
    source: database.kind,
    dataDir: config.dataDir,
    secrets: await loadInstanceSecrets(createSecretsRepository(database.db), config),
    schema: { migrations: status.expected, latestAt: status.latestAt },
  });
}

const describe = (summary: BackupSummary) => `${summary.rows} rows in ${summary.tables} tables, ${summary.files} files`;

/**
 * `backup <file>`: on PostgreSQL from one repeatable-read snapshot beside the servers; on the embedded database by the
 * running server (its socket in DATA_DIR), or from the database itself when no server runs (ADR 013).
 */
export async function backup(context: CliContext, file: string): Promise<void> {
  const target = path.resolve(file);
  const config = context.config();
  if (!config.databaseUrl) {
    const summary = await requestBackupFromServer(config.dataDir, target);
    if (summary) {
      context.out(`Backup written to ${target} by the running server: ${describe(summary)}.\n`);
      return;
    }
  }
  await context.withDatabase({ needsServerStopped: false, migrations: 'require' }, async (database) => {
    const summary = await (await backupServiceFor(database, config)).createBackup(target);
    context.out(`Backup written to ${target}: ${describe(summary)}.\n`);
  });
}

/** `restore <file>`: every server stopped; the whole archive checked before anything changes. */
export async function restore(context: CliContext, file: string): Promise<void> {
  const source = path.resolve(file);
  await context.withDatabase({ needsServerStopped: true }, async (database, config) => {
    try {
      const summary = await (await backupServiceFor(database, config)).restoreBackup(source, config);
      context.out(`Restored ${source}: ${describe(summary)}.\n` + summary.warnings.map((w) => `warning: ${w}\n`).join(''));
    } catch (error) {
      if (error instanceof BackupRejectedError) throw new CliError(`Refused: ${error.message}`);
      throw error;
    }
  });
}
