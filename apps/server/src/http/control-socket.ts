import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import type { BackupSummary } from '../modules/backup/backup.service.js';

/** The socket's name in DATA_DIR. */
export const CONTROL_SOCKET_NAME = 'drapeau.sock';
/** Headers of a backup answered on the socket: what it holds, and the SHA-256 of the whole archive. */
export const BACKUP_SUMMARY_HEADER = 'x-drapeau-backup-summary';
export const BACKUP_SHA256_HEADER = 'x-drapeau-backup-sha256';
/** Linux limits a socket path to 107 bytes. */
const MAX_SOCKET_PATH_BYTES = 107;

/**
 * The server's channel to the command-line tool on the embedded database (docs/decisions/013-operations.md): PGlite
 * allows one process per data directory, so while the server runs, `npm run drapeau -- backup` asks it for the archive
 * over a Unix socket in DATA_DIR. Only the owner of the files may connect (mode 0600): whoever can, can already read the
 * database's files and the secrets, so the socket grants nothing more. One request: `GET /backup`, the same archive as
 * the admin panel's, from one consistent snapshot.
 */
export function registerControlSocket(
  app: FastifyInstance,
  deps: { socketPath: string; createBackup: (file: string) => Promise<BackupSummary> },
): void {
  const { socketPath } = deps;
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    app.log.warn({ socketPath }, 'DATA_DIR is too long a path for the control socket: back up from the admin panel');
    return;
  }
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('unknown request\n');
      return;
    }
    void answerBackup(response).catch((error: unknown) => {
      app.log.error({ err: error }, 'backup for the command-line tool failed');
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('the backup failed: see the server log\n');
    });
  });

  async function answerBackup(response: http.ServerResponse): Promise<void> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'drapeau-control-'));
    const file = path.join(dir, 'backup.tar.gz');
    try {
      const summary = await deps.createBackup(file);
      const sha256 = createHash('sha256')
        .update(await readFile(file))
        .digest('hex');
      app.log.info({ ...summary }, 'backup written for the command-line tool');
      response.writeHead(200, {
        'content-type': 'application/gzip',
        [BACKUP_SUMMARY_HEADER]: JSON.stringify(summary),
        [BACKUP_SHA256_HEADER]: sha256,
      });
      await new Promise<void>((resolve, reject) => {
        const stream = createReadStream(file);
        stream.on('error', reject);
        response.on('close', resolve);
        stream.pipe(response);
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  app.addHook('onReady', async () => {
    try {
      // The server holds DATA_DIR's lock: a socket left here is a killed server's.
      await rm(socketPath, { force: true });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        // Created owner-only (the socket is bound within listen()), not opened to others until a chmod.
        const umask = process.umask(0o177);
        try {
          server.listen(socketPath, () => resolve());
        } finally {
          process.umask(umask);
        }
      });
      await chmod(socketPath, 0o600);
    } catch (error) {
      // Not a reason to stay down: the admin panel still backs up, and the tool then refuses clearly.
      app.log.warn({ err: error, socketPath }, 'no control socket: back up from the admin panel');
      if (server.listening) server.close();
    }
  });
  // After the HTTP server: a backup under way finishes before the database closes.
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(socketPath, { force: true });
  });
}
