import type { AdminChallenge, AdminChallengeSummary, PublicAttachment, PublicChallenge, PublicHint } from '@drapeau/shared';

import { challengeValue } from '../../scoring/ledger.js';
import { deriveFlag } from '../flags/flag-check.js';

import { type Challenge, hasFrench, localized } from './challenge.js';

export interface FirstBlood {
  uid: string;
  username: string;
  /** In team mode, the team whose solve it is (docs/product.md#first-blood). */
  teamId?: string;
  teamName?: string;
}

/** What the views need to know about one player. */
export interface PlayerProgress {
  /** The player's team, whose solves `solved` holds (team mode; null otherwise). */
  teamId: string | null;
  solved: Set<string>;
  /** When each solve was made (epoch ms): a solve after the freeze is marked so (docs/product.md#freeze). */
  solvedAt: Map<string, number>;
  openedHints: Set<number>;
  wrongAttempts: Map<string, number>;
}

/** Listed to players: visible, and open (or with no open time). */
export function isListed(challenge: Challenge, now: Date): boolean {
  return challenge.state === 'visible' && (challenge.opensAt === null || challenge.opensAt <= now);
}
export function isClosed(challenge: Challenge, now: Date): boolean {
  return challenge.closesAt !== null && challenge.closesAt <= now;
}

export function attemptsLeft(challenge: Challenge, progress: PlayerProgress): number | null {
  if (challenge.maxAttempts === null) return null;
  return Math.max(0, challenge.maxAttempts - (progress.wrongAttempts.get(challenge.id) ?? 0));
}

/** The player's view (no flag field: the schema is the firewall). Locked challenges show their title and lock only. */
export function toPublicChallenge(
  challenge: Challenge,
  context: {
    progress: PlayerProgress;
    solveCount: number;
    now: Date;
    catalogue: ReadonlyMap<string, Challenge>;
    firstBlood?: FirstBlood | null;
    /** The freeze this view is cut at (docs/product.md#freeze): the player's own later solve counts, and is marked. */
    frozenAt?: Date | null;
    /** Whether this server runs instances (a provider is configured): without, no challenge offers a Start. */
    canStartInstances: boolean;
  },
): PublicChallenge {
  const { progress, now, catalogue } = context;
  const solvedAt = progress.solvedAt.get(challenge.id);
  const solvedAfterFreeze =
    context.frozenAt !== undefined &&
    context.frozenAt !== null &&
    solvedAt !== undefined &&
    solvedAt > context.frozenAt.getTime();
  // The player sees the others as at the freeze, plus their own solve (docs/product.md#freeze).
  const solveCount = context.solveCount + (solvedAfterFreeze ? 1 : 0);
  const lockedBy = challenge.prerequisites
    .filter((id) => !progress.solved.has(id))
    .map((id) => catalogue.get(id))
    .filter((c): c is Challenge => c !== undefined)
    .map((c) => ({ id: c.id, title: localized(c.title) }));
  const isLocked = lockedBy.length > 0;
  const solved = progress.solved.has(challenge.id);
  const hints: PublicHint[] = isLocked
    ? []
    : challenge.hints.map((h) => {
        const isOpened = progress.openedHints.has(h.id);
        return { id: h.id, cost: h.cost, isOpened, content: isOpened || h.cost === 0 ? localized(h.content) : null };
      });
  const attachments: PublicAttachment[] = isLocked
    ? []
    : challenge.attachments.map((a) => ({
        id: a.id,
        name: a.name,
        size: a.size,
        sha256: a.sha256,
        url: `/api/challenges/${challenge.id}/attachments/${a.id}`,
      }));
  return {
    id: challenge.id,
    category: challenge.category,
    level: challenge.level,
    points: challengeValue(challenge.scoring, solveCount),
    scoring: challenge.scoring.type,
    title: localized(challenge.title),
    description: isLocked ? { en: '', fr: '' } : localized(challenge.description),
    author: challenge.author,
    tags: challenge.tags,
    hints,
    attachments,
    lab: isLocked ? null : challenge.lab,
    connectionInfo: isLocked ? null : challenge.connectionInfo,
    hasService: !isLocked && challenge.service !== null && context.canStartInstances,
    isLocked,
    lockedBy,
    isClosed: isClosed(challenge, now),
    closesAt: challenge.closesAt?.toISOString() ?? null,
    maxAttempts: challenge.maxAttempts,
    attemptsLeft: attemptsLeft(challenge, progress),
    explanation: solved && challenge.explanation.en !== '' ? localized(challenge.explanation) : null,
    solved,
    solvedAfterFreeze,
    solveCount,
    firstBlood: context.firstBlood ?? null,
  };
}

export function toAdminChallenge(
  challenge: Challenge,
  context: { solveCount: number; openCounts: ReadonlyMap<number, number>; instanceSecret: string },
): AdminChallenge {
  return {
    id: challenge.id,
    title: challenge.title,
    description: challenge.description,
    explanation: challenge.explanation,
    category: challenge.category,
    level: challenge.level,
    scoring: challenge.scoring,
    points: challengeValue(challenge.scoring, context.solveCount),
    author: challenge.author,
    tags: challenge.tags,
    hints: challenge.hints.map((h) => ({ ...h, openCount: context.openCounts.get(h.id) ?? 0 })),
    attachments: challenge.attachments.map((a) => ({
      ...a,
      url: `/api/admin/challenges/${challenge.id}/attachments/${a.id}`,
    })),
    prerequisites: challenge.prerequisites,
    opensAt: challenge.opensAt?.toISOString() ?? null,
    closesAt: challenge.closesAt?.toISOString() ?? null,
    maxAttempts: challenge.maxAttempts,
    state: challenge.state,
    flags: challenge.flags.map((f) => ({
      ...f,
      derivedValue: f.kind === 'derived' ? deriveFlag(context.instanceSecret, challenge.id) : null,
    })),
    lab: challenge.lab,
    connectionInfo: challenge.connectionInfo,
    hasFrench: hasFrench(challenge),
    isBuiltIn: challenge.isBuiltIn,
    solveCount: context.solveCount,
    position: challenge.position,
    updatedAt: challenge.updatedAt.toISOString(),
  };
}

export function toAdminSummary(challenge: Challenge, solveCount: number): AdminChallengeSummary {
  return {
    id: challenge.id,
    title: challenge.title,
    category: challenge.category,
    level: challenge.level,
    points: challengeValue(challenge.scoring, solveCount),
    scoring: challenge.scoring,
    state: challenge.state,
    hasFrench: hasFrench(challenge),
    isBuiltIn: challenge.isBuiltIn,
    solveCount,
    position: challenge.position,
    updatedAt: challenge.updatedAt.toISOString(),
    opensAt: challenge.opensAt?.toISOString() ?? null,
    closesAt: challenge.closesAt?.toISOString() ?? null,
    flagCount: challenge.flags.length,
    hintCount: challenge.hints.length,
    attachmentCount: challenge.attachments.length,
  };
}
