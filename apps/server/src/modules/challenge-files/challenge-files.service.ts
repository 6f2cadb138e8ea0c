import { createHash, createHmac } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { notFound } from '../../lib/app-error.js';
import type { ChallengesService } from '../challenges/challenges.service.js';

import type { GeneratedFile } from './generator.js';
import { FILE_GENERATORS } from './generator-registry.js';

/**
 * Hands out a download challenge's file, generated for this deployment from its flag and cached under
 * DATA_DIR/files/challenges. The cache key includes a hash of the flag, so a new flag means a new file. No part of the
 * request reaches the file system: the path is built from the catalogue's id and file name only.
 */
export function createChallengeFilesService(deps: { challenges: ChallengesService; filesDir: string; instanceSecret: string }) {
  const { challenges, filesDir, instanceSecret } = deps;
  const inFlight = new Map<string, Promise<GeneratedFile>>();

  async function generateOrRead(challengeId: string, flag: string): Promise<GeneratedFile> {
    const generator = FILE_GENERATORS.get(challengeId);
    if (!generator) throw notFound('FILE_NOT_FOUND', 'This challenge has no file.');
    const version = createHash('sha256').update(flag).digest('hex').slice(0, 16);
    const dir = path.join(filesDir, 'challenges', challengeId, version);
    const meta = path.join(dir, 'file.json');
    try {
      const { fileName, contentType } = JSON.parse(await readFile(meta, 'utf8')) as { fileName: string; contentType: string };
      return { fileName, contentType, data: await readFile(path.join(dir, 'file.bin')) };
    } catch {
      // Not generated yet.
    }
    const seed = createHmac('sha256', instanceSecret).update(`file-seed:${challengeId}`).digest();
    const file = generator({ flag, seed });
    await mkdir(dir, { recursive: true });
    // Written then renamed: a crash never leaves a half-written file behind.
    await writeFile(path.join(dir, 'file.bin.tmp'), file.data);
    await rename(path.join(dir, 'file.bin.tmp'), path.join(dir, 'file.bin'));
    await writeFile(meta, JSON.stringify({ fileName: file.fileName, contentType: file.contentType }));
    return file;
  }

  return {
    async getChallengeFile(challengeId: string): Promise<GeneratedFile> {
      const challenge = await challenges.getChallenge(challengeId);
      if (challenge.row.solutionType !== 'download') throw notFound('FILE_NOT_FOUND', 'This challenge has no file.');
      const key = `${challengeId}:${challenge.flag.value}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = generateOrRead(challengeId, challenge.flag.value).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      const file = await pending;
      // The catalogue names the file; the generator's name is the fallback.
      return {
        ...file,
        fileName: challenge.row.fileName ?? file.fileName,
        contentType: challenge.row.contentType ?? file.contentType,
      };
    },
  };
}
export type ChallengeFilesService = ReturnType<typeof createChallengeFilesService>;
