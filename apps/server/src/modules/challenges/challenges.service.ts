import type { PublicChallenge, SeedResult } from '@drapeau/shared';

import { notFound } from '../../lib/app-error.js';
import { BADGES } from '../badges/badge-catalogue.js';

import { CATALOGUE } from './catalogue/index.js';
import type { ChallengeRow, ChallengesRepository } from './challenges.repository.js';
import type { FlagSpec } from './flag-check.js';
import { deriveFlag } from './flags.js';

export interface Challenge {
  row: ChallengeRow;
  flag: FlagSpec;
}

function toPublicChallenge(row: ChallengeRow, solved: boolean, solveCount: number): PublicChallenge {
  return {
    id: row.id,
    category: row.category,
    level: row.level as PublicChallenge['level'],
    points: row.points,
    title: { en: row.titleEn, fr: row.titleFr },
    description: { en: row.descriptionEn, fr: row.descriptionFr },
    hint: row.hintEn !== null && row.hintFr !== null ? { en: row.hintEn, fr: row.hintFr } : null,
    solutionType: row.solutionType === 'download' ? 'download' : null,
    fileName: row.fileName,
    solved,
    solveCount,
    scoring: 'static',
    author: null,
    tags: [],
    hints: [],
    attachments: [],
    lab: row.lab,
    isLocked: false,
    lockedBy: [],
    isClosed: false,
    closesAt: null,
    maxAttempts: null,
    attemptsLeft: null,
    explanation: null,
  };
}

export function createChallengesService(deps: { repository: ChallengesRepository; instanceSecret: string }) {
  const { repository, instanceSecret } = deps;
  /** The catalogue changes only on seed: read it once, then from memory. */
  let cache: Promise<Map<string, ChallengeRow>> | undefined;
  const catalogue = () => {
    cache ??= repository.listChallenges().then((rows) => new Map(rows.map((r) => [r.id, r])));
    cache.catch(() => {
      cache = undefined;
    });
    return cache;
  };
  /** Flags depend only on the secret and the id: derived once (an HMAC per submission otherwise). */
  const flags = new Map<string, string>();
  const flagOf = (id: string): string => {
    let flag = flags.get(id);
    if (flag === undefined) flags.set(id, (flag = deriveFlag(instanceSecret, id)));
    return flag;
  };

  const service = {
    async listChallenges(userId: string): Promise<PublicChallenge[]> {
      const [rows, counts, solved] = [
        await catalogue(),
        await repository.listSolveCounts(),
        await repository.listSolvedChallengeIds(userId),
      ];
      return [...rows.values()].map((row) => toPublicChallenge(row, solved.has(row.id), counts.get(row.id) ?? 0));
    },

    async getPublicChallenge(id: string, userId: string): Promise<PublicChallenge> {
      const row = (await catalogue()).get(id);
      if (!row) throw notFound('CHALLENGE_NOT_FOUND', 'Challenge not found.');
      const [counts, solved] = [await repository.listSolveCounts(), await repository.listSolvedChallengeIds(userId)];
      return toPublicChallenge(row, solved.has(id), counts.get(id) ?? 0);
    },

    /** For the server only (flag checks, labs, file generation): the challenge with its flag. */
    async getChallenge(id: string): Promise<Challenge> {
      const row = (await catalogue()).get(id);
      if (!row) throw notFound('CHALLENGE_NOT_FOUND', 'Challenge not found.');
      return { row, flag: { type: 'exact', value: flagOf(id) } };
    },

    /** Admins only (routes check): every challenge's flag for this deployment. */
    async listFlags(): Promise<{ id: string; flag: string }[]> {
      return [...(await catalogue()).keys()].map((id) => ({ id, flag: deriveFlag(instanceSecret, id) }));
    },

    /** Writes the built-in catalogue and badges (one transaction); players' solves are kept. */
    async seedCatalogue(): Promise<SeedResult> {
      await repository.upsertCatalogue(
        CATALOGUE.map((c, position) => ({
          id: c.id,
          position,
          category: c.category,
          level: c.level,
          points: c.points,
          titleEn: c.title.en,
          titleFr: c.title.fr,
          descriptionEn: c.description.en,
          descriptionFr: c.description.fr,
          hintEn: c.hint?.en ?? null,
          hintFr: c.hint?.fr ?? null,
          solutionType: c.solutionType,
          fileName: c.asset?.fileName ?? null,
          contentType: c.asset?.contentType ?? null,
          lab: c.lab,
        })),
        BADGES.map((b, position) => ({
          id: b.badgeId,
          position,
          titleEn: b.title.en,
          titleFr: b.title.fr,
          descriptionEn: b.description.en,
          descriptionFr: b.description.fr,
          icon: b.icon,
          criteria: b.criteria,
        })),
      );
      cache = undefined;
      return {
        challengeCount: CATALOGUE.length,
        badgeCount: BADGES.length,
        report: { challenges: [], created: 0, updated: 0, unchanged: 0, createdCategories: [] },
      };
    },

    /** First start: write the catalogue if the database has none. */
    async seedIfEmpty(): Promise<void> {
      if ((await repository.countChallenges()) === 0) await service.seedCatalogue();
    },
  };
  return service;
}
export type ChallengesService = ReturnType<typeof createChallengesService>;
