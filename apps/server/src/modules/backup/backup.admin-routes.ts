import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { currentUser, type Guards } from '../../http/auth-guards.js';
import type { AuditService } from '../audit/audit.service.js';

import type { BackupService } from './backup.service.js';

/**
 * `GET /api/admin/backup`: the same archive as `npm run drapeau -- backup`, for an admin, from one consistent snapshot
 * while the server runs (the only way to back up a running embedded database). Audited: it holds every secret.
 */
export const backupAdminRoutes: FastifyPluginAsyncZod<{ backup: BackupService; audit: AuditService; guards: Guards }> = async (
  app,
  { backup, audit, guards },
) => {
  app.get(
    '/backup',
    {
      // Every secret of the instance: a browser session only, never an API token.
      onRequest: guards.requireAdminSession,
      schema: {
        tags: ['admin'],
        description: 'Downloads a backup of the whole instance (rows, files, secrets) as a .tar.gz archive.',
        response: { 200: z.any().describe('the archive') },
      },
    },
    async (request, reply) => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'drapeau-download-'));
      const file = path.join(dir, 'backup.tar.gz');
      try {
        const summary = await backup.createBackup(file);
        await audit.record({ actorId: currentUser(request).userId, action: 'instance.backup', details: { ...summary } });
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
      const stream = createReadStream(file);
      stream.on('close', () => void rm(dir, { recursive: true, force: true }));
      const name = `drapeau-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
