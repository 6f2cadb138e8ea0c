import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The start-up refusal of a data directory Drapeau cannot write to, with what to do about it. */
export class DataDirError extends Error {
  override name = 'DataDirError';
}

const REASONS: Record<string, string> = {
  EROFS: 'it is on a read-only file system',
  EACCES: 'this process may not write there',
  EPERM: 'this process may not write there',
  ENOSPC: 'the disk is full',
  ENOTDIR: 'a file stands where the folder should be',
  ENOENT: 'the folder cannot be created there',
};

/**
 * Checks at start that DATA_DIR can be written (the embedded database, uploads, generated files and the instance lock
 * live there), so that a read-only or full volume stops the server with one clear line instead of a stack trace later.
 */
export async function ensureWritableDataDir(dataDir: string): Promise<void> {
  const probe = path.join(dataDir, `.write-check-${randomBytes(6).toString('hex')}`);
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(probe, '');
    await rm(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    const reason = REASONS[code] ?? 'it cannot be written';
    throw new DataDirError(
      `DATA_DIR ${dataDir} cannot be written (${code}): ${reason}. Drapeau keeps its embedded database, uploads and ` +
        'generated files there: make it writable, or set DATA_DIR to a writable folder.',
    );
  }
}
