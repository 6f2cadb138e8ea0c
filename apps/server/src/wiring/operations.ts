import type { Config } from '../config.js';
import { type Database, readMigrationStatus } from '../db/client.js';
import { createBackupRepository } from '../modules/backup/backup.repository.js';
import { createBackupService } from '../modules/backup/backup.service.js';
import type { InstanceSecrets } from '../modules/secrets/instance-secrets.js';
import type { SystemRepository } from '../modules/system/system.repository.js';
import { createSystemService } from '../modules/system/system.service.js';

/** Backups and the platform's public numbers, part of the composition root (docs/operations.md). */
export async function wireOperations(deps: {
  database: Database;
  config: Config;
  secrets: InstanceSecrets;
  system: SystemRepository;
  isEventMode: () => boolean;
}) {
  const { database } = deps;
  const migrationStatus = await readMigrationStatus(database.db);
  const backupService = createBackupService({
    repository: createBackupRepository(database.db),
    source: database.kind,
    dataDir: deps.config.dataDir,
    secrets: deps.secrets,
    schema: { migrations: migrationStatus.expected, latestAt: migrationStatus.latestAt },
  });
  const systemService = createSystemService({ repository: deps.system, isEventMode: deps.isEventMode });
  return { backupService, systemService };
}
