import { createHash, createHmac } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { notFound } from '../../lib/app-error.js';
import type { Challenge } from '../challenges/model/challenge.js';
import type { ChallengesService } from '../challenges/catalogue/challenges.service.js';
import type { FlagTeam } from '../challenges/flags/player-flags.js';

import type { GeneratedFile } from './generator.js';
import { FILE_GENERATORS } from './generator-registry.js';

/** Per-player generated files kept on disk at most (then the least recently made go first). */
const DEFAULT_PER_USER_CACHE_BYTES = 256 * 1024 * 1024;

/**
 * Hands out a challenge's attachments: an uploaded file from the database, or a file generated from the flag the
 * player must find (this deployment's, or this player's for per-user flags, their team's in team mode), cached under
 * DATA_DIR/files. No part of
 * the request reaches the file system: paths are built from the catalogue's ids and a hash of the flag.
 */
export function createChallengeFilesService(deps: {
  challenges: ChallengesService;
  filesDir: string;
  instanceSecret: string;
  perUserCacheBytes?: number;
}) {
  const { challenges, filesDir, instanceSecret } = deps;
  const maxPerUserBytes = deps.perUserCacheBytes ?? DEFAULT_PER_USER_CACHE_BYTES;
  const inFlight = new Map<string, Promise<GeneratedFile>>();
  const perUserDir = path.join(filesDir, 'challenges-per-user');
  /** The per-player cache: dir → size, oldest first. Emptied at start, so the bound holds across restarts. */
  const perUserEntries = new Map<string, number>();
  let perUserBytes = 0;
  const cleared = rm(perUserDir, { recursive: true, force: true }).catch(() => {});

  async function generateOrRead(generatorKey: string, flag: string, isPerUser: boolean): Promise<GeneratedFile> {
    const generator = FILE_GENERATORS.get(generatorKey);
    if (!generator) throw notFound('FILE_NOT_FOUND', 'This challenge has no file.');
    const version = createHash('sha256').update(flag).digest('hex').slice(0, 16);
    const dir = isPerUser
      ? path.join(perUserDir, generatorKey, version)
      : path.join(filesDir, 'challenges', generatorKey, version);
    const meta = path.join(dir, 'file.json');
    try {
      const { fileName, contentType } = JSON.parse(await readFile(meta, 'utf8')) as { fileName: string; contentType: string };
      return { fileName, contentType, data: await readFile(path.join(dir, 'file.bin')) };
    } catch {
      // Not generated yet.
    }
    const seed = createHmac('sha256', instanceSecret).update(`file-seed:${generatorKey}`).digest();
    const file = generator({ flag, seed });
    if (isPerUser) await cleared;
    await mkdir(dir, { recursive: true });
    // Written then renamed: a crash never leaves a half-written file behind.
    await writeFile(path.join(dir, 'file.bin.tmp'), file.data);
    await rename(path.join(dir, 'file.bin.tmp'), path.join(dir, 'file.bin'));
    await writeFile(meta, JSON.stringify({ fileName: file.fileName, contentType: file.contentType }));
    if (isPerUser) {
      perUserEntries.set(dir, file.data.length);
      perUserBytes += file.data.length;
      for (const [old, size] of perUserEntries) {
        if (perUserBytes <= maxPerUserBytes || old === dir) break;
        perUserEntries.delete(old);
        perUserBytes -= size;
        await rm(old, { recursive: true, force: true });
      }
    }
    return file;
  }

  async function fileOf(
    challenge: Challenge,
    attachmentId: number | undefined,
    userId: string,
    team?: FlagTeam,
  ): Promise<GeneratedFile> {
    const attachment =
      attachmentId === undefined ? challenge.attachments[0] : challenge.attachments.find((a) => a.id === attachmentId);
    if (!attachment) throw notFound(attachmentId === undefined ? 'FILE_NOT_FOUND' : 'ATTACHMENT_NOT_FOUND', 'File not found.');
    if (attachment.sha256 !== null) {
      const data = await challenges.readBlob(attachment.sha256);
      if (!data) throw notFound('ATTACHMENT_NOT_FOUND', 'File not found.');
      return { fileName: attachment.name, contentType: attachment.contentType, data };
    }
    // In team mode a per-user file holds the team's flag, and its cache entry (keyed by the flag) is the team's.
    const flags = await challenges.flagsFor(challenge, userId, team);
    const embedded = flags.find((f) => f.spec.type === 'exact');
    if (!embedded || attachment.generator === null) throw notFound('FILE_NOT_FOUND', 'This challenge has no file.');
    const key = `${attachment.generator}:${embedded.spec.value}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = generateOrRead(attachment.generator, embedded.spec.value, embedded.isPerUser).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    const file = await pending;
    return { ...file, fileName: attachment.name, contentType: attachment.contentType };
  }

  return {
    /** A player's download (signed in; the challenge playable for them: challenges/catalogue/playable.ts). */
    async getChallengeFile(challengeId: string, userId: string, attachmentId?: number): Promise<GeneratedFile> {
      const { challenge } = await challenges.getPlayableChallenge(challengeId, userId);
      return fileOf(challenge, attachmentId, userId);
    },
    /** An admin's download, hidden challenges included (generated files as this deployment's). */
    async getAdminFile(challengeId: string, attachmentId: number, adminId: string): Promise<GeneratedFile> {
      const challenge = await challenges.findChallenge(challengeId);
      if (!challenge) throw notFound('CHALLENGE_NOT_FOUND', 'Challenge not found.');
      return fileOf(challenge, attachmentId, adminId, null);
    },
  };
}
export type ChallengeFilesService = ReturnType<typeof createChallengeFilesService>;
