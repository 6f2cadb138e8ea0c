import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

import { BACKUP_SHA256_HEADER, BACKUP_SUMMARY_HEADER, CONTROL_SOCKET_NAME } from '../http/control-socket.js';
import type { BackupSummary } from '../modules/backup/backup.service.js';

import { CliError } from './context.js';

/**
 * Asks the server running on DATA_DIR's embedded database for a backup (http/control-socket.ts) and writes it to
 * `target`, owner-only, checked against the server's SHA-256 and renamed into place only when whole. Undefined when no
 * server listens there (none runs, or a killed one left its socket): the caller then opens the database itself.
 */
export async function requestBackupFromServer(dataDir: string, target: string): Promise<BackupSummary | undefined> {
  const socketPath = path.join(dataDir, CONTROL_SOCKET_NAME);
  const response = await new Promise<http.IncomingMessage | undefined>((resolve, reject) => {
    const request = http.get({ socketPath, path: '/backup' }, resolve);
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
  });
  if (!response) return undefined;
  if (response.statusCode !== 200) {
    response.resume();
    throw new CliError(`The running server could not write the backup (HTTP ${response.statusCode}): see its log.`);
  }
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  const hash = createHash('sha256');
  try {
    response.on('data', (chunk: Buffer) => hash.update(chunk));
    await pipeline(response, createWriteStream(partial, { mode: 0o600 }));
    if (hash.digest('hex') !== response.headers[BACKUP_SHA256_HEADER]) {
      throw new CliError('The backup received from the server is incomplete or damaged: nothing was written.');
    }
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return JSON.parse(String(response.headers[BACKUP_SUMMARY_HEADER])) as BackupSummary;
}
