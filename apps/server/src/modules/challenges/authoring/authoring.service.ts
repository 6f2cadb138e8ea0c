import type {
  AdminCategory,
  AdminCategoryBody,
  AdminChallenge,
  AdminChallengeBody,
  AdminChallengePatch,
  AdminChallengeQuery,
  AdminChallengeSummary,
  AUDIT_ACTIONS,
  DeleteChallengeResult,
  SharedFlagIncident,
  TestFlagResult,
} from '@drapeau/shared';

import { conflict, forbidden, notFound } from '../../../lib/app-error.js';
import { challengeValue } from '../../scoring/ledger.js';
import type { CatalogueRepository } from '../catalogue/catalogue.repository.js';
import { slugify } from '../model/challenge-rules.js';
import { type Challenge, type ChallengeDraft, hasFrench, type SolveOwner } from '../model/challenge.js';
import { toAdminChallenge, toAdminSummary } from '../model/challenge-views.js';
import type { ChallengesService } from '../catalogue/challenges.service.js';
import { checkFlag } from '../flags/flag-check.js';
import { createPerUserFlagOwners, type FlagOwnersChange } from '../flags/per-user-flag-owners.js';

import { bodyOf, checkDraft, draftFromBody } from './authoring-rules.js';

type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What admins do to the catalogue (docs/challenge-authoring.md). Each change is one transaction with its audit entry;
 * then the in-memory catalogue is read again and players are told (`challenges` event).
 */
export function createAuthoringService(deps: {
  repository: CatalogueRepository;
  challenges: ChallengesService;
  instanceSecret: string;
  onCatalogueChanged: (challengeIds: string[]) => void;
  listUserIds: () => Promise<string[]>;
}) {
  const { repository, challenges, instanceSecret } = deps;
  const perUserOwners = createPerUserFlagOwners({
    instanceSecret,
    listUserIds: deps.listUserIds,
    listTeamIds: challenges.listTeamIds,
  });
  const changed = (ids: string[]) => {
    challenges.reload();
    deps.onCatalogueChanged(ids);
  };
  const find = async (id: string): Promise<Challenge> => {
    const challenge = await challenges.findChallenge(id);
    if (!challenge) throw notFound('CHALLENGE_NOT_FOUND', 'Challenge not found.');
    return challenge;
  };
  const context = async () => ({
    categories: new Set((await challenges.listAllCategories()).map((c) => c.key)),
    challenges: new Map((await challenges.listAllChallenges()).map((c) => [c.id, c])),
  });
  /**
   * Writes a draft, in the caller's transaction: its scoring parameters only (the static value, or the dynamic one's
   * initial); the scoring ledger derives every solver's points from them (docs/decisions/007-scoring.md).
   */
  const write = (tx: CatalogueRepository, draft: ChallengeDraft) => tx.saveChallenge(draft, challengeValue(draft.scoring, 0));
  const audit = (
    tx: CatalogueRepository,
    actorId: string,
    action: AuditAction,
    id: string,
    details: Record<string, unknown> = {},
  ) => tx.insertAuditEntry({ actorId, action, targetName: id, details: { challengeId: id, ...details } });

  const service = {
    async listChallenges(query: AdminChallengeQuery): Promise<AdminChallengeSummary[]> {
      const counts = await challenges.getSolveCounts();
      const search = query.search?.toLowerCase();
      return (await challenges.listAllChallenges())
        .filter((c) => !query.category || c.category === query.category)
        .filter((c) => !query.level || c.level === query.level)
        .filter((c) => !query.state || c.state === query.state)
        .filter((c) => query.hasFrench === undefined || hasFrench(c) === query.hasFrench)
        .filter(
          (c) =>
            !search ||
            [c.id, c.title.en, c.title.fr, c.author ?? '', ...c.tags].some((text) => text.toLowerCase().includes(search)),
        )
        .map((c) => toAdminSummary(c, counts.get(c.id) ?? 0));
    },

    async getChallenge(id: string): Promise<AdminChallenge> {
      const challenge = await find(id);
      return toAdminChallenge(challenge, {
        solveCount: (await challenges.getSolveCounts()).get(id) ?? 0,
        openCounts: await repository.listHintOpenCounts(id),
        instanceSecret,
      });
    },

    async createChallenge(actorId: string, body: AdminChallengeBody): Promise<AdminChallenge> {
      const id = body.id ?? slugify(body.title.en);
      const ctx = await context();
      if (id === '' || ctx.challenges.has(id)) throw conflict('CHALLENGE_EXISTS', `A challenge "${id}" already exists.`);
      const draft = draftFromBody(id, body, undefined, ctx.challenges.size);
      checkDraft(draft, ctx);
      await repository.transaction(async (tx) => {
        await write(tx, draft);
        await audit(tx, actorId, 'challenge.create', id);
      });
      changed([id]);
      return service.getChallenge(id);
    },

    async updateChallenge(actorId: string, id: string, patch: AdminChallengePatch): Promise<AdminChallenge> {
      const existing = await find(id);
      const body = { ...bodyOf(existing), ...patch };
      const draft = draftFromBody(id, body, existing, existing.position);
      checkDraft(draft, await context());
      await repository.transaction(async (tx) => {
        await write(tx, draft);
        await audit(tx, actorId, 'challenge.update', id, { fields: Object.keys(patch) });
      });
      changed([id]);
      return service.getChallenge(id);
    },

    async duplicateChallenge(actorId: string, id: string, newId?: string): Promise<AdminChallenge> {
      const existing = await find(id);
      const ctx = await context();
      let copyId = newId ?? `${id}-copy`.slice(0, 100);
      for (let n = 2; !newId && ctx.challenges.has(copyId); n++) copyId = `${id}-copy-${n}`.slice(0, 100);
      if (ctx.challenges.has(copyId)) throw conflict('CHALLENGE_EXISTS', `A challenge "${copyId}" already exists.`);
      const draft: ChallengeDraft = {
        ...draftFromBody(copyId, { ...bodyOf(existing), state: 'hidden' }, existing, ctx.challenges.size),
        position: ctx.challenges.size,
        isBuiltIn: false,
      };
      // Uploaded files are shared by content (the blob stays one row); generated ones keep their generator.
      draft.attachments = [];
      await repository.transaction(async (tx) => {
        await write(tx, draft);
        for (const file of existing.attachments.filter((a) => a.sha256 !== null))
          await tx.insertAttachment(copyId, {
            name: file.name,
            contentType: file.contentType,
            sha256: file.sha256!,
            size: file.size ?? 0,
          });
        await audit(tx, actorId, 'challenge.duplicate', copyId, { from: id });
      });
      changed([copyId]);
      return service.getChallenge(copyId);
    },

    async deleteChallenge(actorId: string, id: string): Promise<DeleteChallengeResult> {
      await find(id);
      const result = await repository.transaction(async (tx) => {
        const removed = await tx.deleteChallenge(id);
        await audit(tx, actorId, 'challenge.delete', id, { ...removed });
        return removed;
      });
      changed([id]);
      return result;
    },

    /** Whether `flag` would be accepted; for a per-user flag, as `userId` would submit it (and whose it is). */
    async testFlag(id: string, flag: string, userId?: string): Promise<TestFlagResult> {
      const challenge = await find(id);
      // As that player would submit it: in team mode, their team's flag.
      for (const candidate of await challenges.flagsFor(challenge, userId ?? '', userId === undefined ? null : undefined)) {
        if (candidate.isPerUser && userId === undefined) continue;
        if (checkFlag(candidate.spec, flag)) return { isAccepted: true, matchedFlagId: candidate.flagId, ownerUserId: null };
      }
      const owner = await service.findPerUserOwner(challenge, flag);
      return { isAccepted: false, matchedFlagId: null, ownerUserId: owner && 'userId' in owner ? owner.userId : null };
    },

    /**
     * Whose per-user flag this text is (DESIGN: a shared flag), when the challenge has per-user flags: a player's, or in
     * team mode a team's (docs/decisions/016-teams.md).
     */
    async findPerUserOwner(challenge: Challenge, flag: string): Promise<SolveOwner | undefined> {
      const flags = await challenges.flagsFor(challenge, '', null);
      if (!flags.some((f) => f.isPerUser)) return undefined;
      const text = flag.trim();
      if (!/^CTF\{[a-z0-9_]*_[0-9a-f]{24}\}$/.test(text)) return undefined;
      return perUserOwners.find(challenge.id, text, challenges.isTeamMode());
    },
    /** Players or teams were added, changed or removed (per-user-flag-owners.ts). */
    flagOwnersChanged: (change: FlagOwnersChange): void => perUserOwners.ownersChanged(change),

    async listIncidents(): Promise<SharedFlagIncident[]> {
      return (await repository.listIncidents(200)).map((r) => ({
        id: Number(r.id),
        challengeId: r.challenge_id,
        submitterId: r.submitter_id,
        submitterName: r.submitter_name,
        ownerId: r.owner_id,
        ownerName: r.owner_name,
        createdAt: new Date(r.created_at).toISOString(),
        submitterTeamName: r.submitter_team_name,
        ownerTeamId: r.owner_team_id,
        ownerTeamName: r.owner_team_name,
      }));
    },

    async listCategories(): Promise<AdminCategory[]> {
      return (await repository.listCategories()).map((c) => ({ ...c, icon: c.icon as AdminCategory['icon'] }));
    },
    async saveCategory(actorId: string, body: AdminCategoryBody, key?: string): Promise<AdminCategory> {
      const all = await repository.listCategories();
      const existing = all.find((c) => c.key === (key ?? body.key));
      if (key === undefined && existing) throw conflict('CATEGORY_EXISTS', `A category "${body.key}" already exists.`);
      if (key !== undefined && !existing) throw notFound('CATEGORY_NOT_FOUND', 'Category not found.');
      const category = {
        key: existing?.key ?? body.key,
        name: body.name,
        icon: body.icon,
        position: body.position ?? existing?.position ?? all.length,
        isBuiltIn: existing?.isBuiltIn ?? false,
      };
      await repository.transaction(async (tx) => {
        await tx.upsertCategory(category);
        await tx.insertAuditEntry({
          actorId,
          action: key ? 'category.update' : 'category.create',
          targetName: category.key,
          details: { key: category.key },
        });
      });
      changed([]);
      return { ...category, challengeCount: existing?.challengeCount ?? 0 };
    },
    async deleteCategory(actorId: string, key: string): Promise<void> {
      const existing = (await repository.listCategories()).find((c) => c.key === key);
      if (!existing) throw notFound('CATEGORY_NOT_FOUND', 'Category not found.');
      if (existing.isBuiltIn) throw forbidden('FORBIDDEN', 'Built-in categories cannot be deleted.');
      if (existing.challengeCount > 0)
        throw conflict('CATEGORY_IN_USE', `${existing.challengeCount} challenge(s) use this category.`);
      await repository.transaction(async (tx) => {
        await tx.deleteCategory(key);
        await tx.insertAuditEntry({ actorId, action: 'category.delete', targetName: key, details: { key } });
      });
      changed([]);
    },

    async setPackPerUser(actorId: string, value: boolean): Promise<boolean> {
      await repository.transaction(async (tx) => {
        await tx.setPackPerUser(value);
        await tx.insertAuditEntry({ actorId, action: 'settings.per-user-flags', details: { isBuiltInPackPerUser: value } });
      });
      changed([]);
      return value;
    },
  };
  return service;
}
export type AuthoringService = ReturnType<typeof createAuthoringService>;
