import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import type { Challenge } from '../challenges/model/challenge.js';
import type { ChallengesService } from '../challenges/catalogue/challenges.service.js';

import { createChallengeFilesService } from './challenge-files.service.js';

/** A challenge whose only file is generated from each player's own flag (the pack turned per-user). */
const challenge = {
  id: 'caesar-cipher',
  prerequisites: [],
  attachments: [{ id: 1, name: 'message.txt', contentType: 'text/plain', sha256: null, generator: 'caesar-cipher' }],
} as unknown as Challenge;

const challenges = {
  getListedChallenge: async () => challenge,
  getPlayableChallenge: async () => ({ challenge, progress: { solved: new Set<string>() } }),
  getProgress: async () => ({ solved: new Set<string>() }),
  flagsFor: async (_challenge: Challenge, userId: string) => [
    { spec: { type: 'exact', value: `CTF{per_user_${userId}}` }, isPerUser: true },
  ],
  readBlob: async () => undefined,
} as unknown as ChallengesService;

describe('per-player generated files', () => {
  it('stay within the disk bound: the oldest go first, the newest is always served', async () => {
    const filesDir = await mkdtemp(path.join(os.tmpdir(), 'drapeau-files-'));
    const one = await createChallengeFilesService({ challenges, filesDir, instanceSecret: 's' }).getChallengeFile(
      'caesar-cipher',
      'probe',
    );
    // Room for two files of this size.
    const service = createChallengeFilesService({
      challenges,
      filesDir,
      instanceSecret: 's',
      perUserCacheBytes: one.data.length * 2,
    });
    const files = [];
    for (const userId of ['ada', 'bob', 'cyd', 'dan']) files.push(await service.getChallengeFile('caesar-cipher', userId));
    expect(new Set(files.map((file) => file.data.toString())).size).toBe(4);
    expect(files[3]!.data.toString()).toContain('{');
    const cached = await readdir(path.join(filesDir, 'challenges-per-user', 'caesar-cipher'));
    expect(cached).toHaveLength(2);
    // An evicted file is generated again, identical.
    expect((await service.getChallengeFile('caesar-cipher', 'ada')).data.equals(files[0]!.data)).toBe(true);
  });
});
