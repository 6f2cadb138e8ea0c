import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { z } from 'zod';

import type { InstanceSecrets } from '../secrets/instance-secrets.js';

import { BACKUP_FORMAT_VERSION, BackupRejectedError, readArchive, writeArchive } from './backup-archive.js';
import type { BackupRepository } from './backup.repository.js';

const SecretsSchema = z.object({ instanceSecret: z.string().min(1), sessionSecret: z.string().min(1) });

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

/**
 * One archive holds a whole instance (docs/operations.md "Backup and restore"): the rows of every table, the files under
 * DATA_DIR/files (uploads and generated challenge files), the secrets in use, a format and schema version, and a
 * checksum of every entry. It restores into either database.
 */
export function createBackupService(deps: {
  repository: BackupRepository;
  source: 'pglite' | 'postgres';
  dataDir: string;
  secrets: InstanceSecrets;
  /** The schema this build ships (db/client.ts readMigrationStatus). */
  schema: { migrations: number; latestAt: number };
}) {
  const filesDir = path.join(deps.dataDir, 'files');

  return {
    async createBackup(file: string): Promise<BackupSummary> {
      const staging = await mkdtemp(path.join(os.tmpdir(), 'drapeau-backup-'));
      try {
        const snapshot = await deps.repository.readSnapshot();
        await mkdir(path.join(staging, 'db'));
        for (const { table, rows } of snapshot) {
          await writeFile(path.join(staging, 'db', `${table.name}.jsonl`), rows.map((r) => `${r}\n`).join(''));
        }
        await writeFile(path.join(staging, 'secrets.json'), JSON.stringify(deps.secrets), { mode: 0o600 });
        if (await exists(filesDir)) await cp(filesDir, path.join(staging, 'files'), { recursive: true });
        await writeArchive(
          staging,
          {
            format: 'drapeau-backup',
            formatVersion: BACKUP_FORMAT_VERSION,
            createdAt: new Date().toISOString(),
            source: deps.source,
            schema: deps.schema,
            tables: snapshot.map(({ table, rows }) => ({
              name: table.name,
              columns: table.columns,
              rows: rows.length,
              file: `db/${table.name}.jsonl`,
            })),
          },
          file,
        );
        return {
          tables: snapshot.length,
          rows: snapshot.reduce((n, s) => n + s.rows.length, 0),
          files: await countFiles(path.join(staging, 'files')),
        };
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    },

    /**
     * Checks the whole archive first (BackupRejectedError: nothing changed), then replaces every row in one
     * transaction, then swaps DATA_DIR/files. `configured`: secrets set in the environment, which win over the restored.
     */
    async restoreBackup(
      file: string,
      configured: { instanceSecret: string | undefined; sessionSecret: string | undefined },
    ): Promise<BackupSummary & { warnings: string[] }> {
      await mkdir(deps.dataDir, { recursive: true });
      const staging = await mkdtemp(path.join(deps.dataDir, '.restore-'));
      try {
        if (!(await exists(file))) throw new BackupRejectedError(`No file at ${file}; nothing was changed.`);
        const manifest = await readArchive(file, staging, { latestMigrationAt: deps.schema.latestAt });
        const secrets = SecretsSchema.safeParse(
          JSON.parse(await readFile(path.join(staging, 'secrets.json'), 'utf8').catch(() => '{}')),
        );
        if (!secrets.success) throw new BackupRejectedError(`The archive ${file} holds no secrets; nothing was changed.`);
        const tables = [];
        for (const table of manifest.tables) {
          const text = await readFile(path.join(staging, table.file), 'utf8');
          const rows = text.split('\n').filter((line) => line.length > 0);
          if (rows.length !== table.rows) throw new BackupRejectedError(`The archive's ${table.name} rows are incomplete.`);
          tables.push({ name: table.name, columns: table.columns, rows });
        }
        await deps.repository.replaceAll(tables, [
          { key: 'instance_secret', value: secrets.data.instanceSecret },
          { key: 'session_secret', value: secrets.data.sessionSecret },
        ]);

        const restoredFiles = path.join(staging, 'files');
        if (!(await exists(restoredFiles))) await mkdir(restoredFiles);
        const previous = path.join(staging, 'files-before-restore');
        if (await exists(filesDir)) await rename(filesDir, previous);
        await rename(restoredFiles, filesDir);

        const warnings: string[] = [];
        if (configured.instanceSecret && configured.instanceSecret !== secrets.data.instanceSecret) {
          warnings.push('INSTANCE_SECRET is set here and differs from the backup: flags will differ from the backed-up ones.');
        }
        if (configured.sessionSecret && configured.sessionSecret !== secrets.data.sessionSecret) {
          warnings.push('SESSION_SECRET is set here and differs from the backup: restored sessions will not be recognised.');
        }
        return {
          tables: tables.length,
          rows: tables.reduce((n, t) => n + t.rows.length, 0),
          files: await countFiles(filesDir),
          warnings,
        };
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    },
  };
}
export type BackupService = ReturnType<typeof createBackupService>;
