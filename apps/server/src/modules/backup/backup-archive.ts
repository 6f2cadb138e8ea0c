import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { z } from 'zod';

/** Bumped when the archive's layout changes; a reader refuses a newer one. */
export const BACKUP_FORMAT_VERSION = 1;

export const BackupManifestSchema = z.object({
  format: z.literal('drapeau-backup'),
  formatVersion: z.number().int().positive(),
  createdAt: z.string(),
  source: z.enum(['pglite', 'postgres']),
  /** The database schema the rows follow: how many migrations, and when the newest was written. */
  schema: z.object({ migrations: z.number().int().nonnegative(), latestAt: z.number().int().nonnegative() }),
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number().int(), file: z.string() })),
  /** SHA-256 of every other entry of the archive, by path. */
  checksums: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;

export class BackupRejectedError extends Error {
  override name = 'BackupRejectedError';
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), relative)));
    else if (entry.isFile()) out.push(relative);
  }
  return out;
}

/** Writes `staging` (its entries plus a manifest with their checksums) as one gzip'd tar readable by its owner only. */
export async function writeArchive(staging: string, manifest: Omit<BackupManifest, 'checksums'>, file: string): Promise<void> {
  const entries = (await listFiles(staging)).filter((e) => e !== 'manifest.json').sort();
  const checksums: Record<string, string> = {};
  for (const entry of entries) checksums[entry] = await sha256File(path.join(staging, entry));
  await writeFile(path.join(staging, 'manifest.json'), JSON.stringify({ ...manifest, checksums }, null, 2));
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const tar = await import('tar'); // (imported when used: docs/performance.md "Cold start")
  await tar.create({ gzip: true, file, cwd: staging, portable: true, mode: 0o600 }, ['manifest.json', ...entries]);
  await chmod(file, 0o600);
}

/**
 * Extracts `file` into `staging` and checks it before anything is changed: a readable archive, a manifest of a format
 * and schema this version knows, and every entry present with its checksum (no entry missing, none added).
 */
export async function readArchive(
  file: string,
  staging: string,
  current: { latestMigrationAt: number },
): Promise<BackupManifest> {
  const damaged = (why: string) =>
    new BackupRejectedError(`The archive ${file} is damaged or is not a Drapeau backup (${why}); nothing was changed.`);
  try {
    // node-tar strips absolute paths and `..`, so that no entry lands outside `staging`.
    const tar = await import('tar');
    await tar.extract({ file, cwd: staging, strict: true });
  } catch (error) {
    throw damaged(error instanceof Error ? error.message : String(error));
  }
  let manifest: BackupManifest;
  try {
    manifest = BackupManifestSchema.parse(JSON.parse(await readFile(path.join(staging, 'manifest.json'), 'utf8')));
  } catch {
    throw damaged('no readable manifest');
  }
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION || manifest.schema.latestAt > current.latestMigrationAt) {
    throw new BackupRejectedError(
      `The archive ${file} was made by a newer version of Drapeau (format ${manifest.formatVersion}, schema of ` +
        `${new Date(manifest.schema.latestAt).toISOString()}); upgrade Drapeau before restoring it. Nothing was changed.`,
    );
  }
  const present = (await listFiles(staging)).filter((e) => e !== 'manifest.json').sort();
  const listed = Object.keys(manifest.checksums).sort();
  if (present.join('\n') !== listed.join('\n')) throw damaged('its entries differ from its manifest');
  for (const entry of listed) {
    if ((await sha256File(path.join(staging, entry))) !== manifest.checksums[entry]) throw damaged(`checksum of ${entry}`);
  }
  for (const table of manifest.tables) {
    if (!listed.includes(table.file)) throw damaged(`no rows for ${table.name}`);
  }
  return manifest;
}
