import { createHash } from 'node:crypto';

import { asc, eq, inArray, sql } from 'drizzle-orm';

import type { Db } from '../../../db/client.js';
import {
  challengeAttachments,
  challengeFlags,
  challengeHints,
  challengePrerequisites,
  challenges,
  fileBlobs,
} from '../../../db/schema/index.js';
import type { ChallengeDraft } from '../model/challenge.js';

function toColumns(draft: ChallengeDraft, points: number) {
  const dynamic = draft.scoring.type === 'dynamic' ? draft.scoring : null;
  return {
    id: draft.id,
    position: draft.position,
    category: draft.category,
    level: draft.level,
    points,
    scoringType: draft.scoring.type,
    initialPoints: dynamic?.initial ?? null,
    decay: dynamic?.decay ?? null,
    minimumPoints: dynamic?.minimum ?? null,
    decayFunction: dynamic?.function ?? null,
    titleEn: draft.title.en,
    titleFr: draft.title.fr,
    descriptionEn: draft.description.en,
    descriptionFr: draft.description.fr,
    explanationEn: draft.explanation.en,
    explanationFr: draft.explanation.fr,
    author: draft.author,
    tags: draft.tags,
    state: draft.state,
    maxAttempts: draft.maxAttempts,
    opensAt: draft.opensAt,
    closesAt: draft.closesAt,
    lab: draft.lab,
    connectionInfo: draft.connectionInfo,
    isBuiltIn: draft.isBuiltIn,
  };
}

/** Writing a challenge and its parts (hints, flags, files, prerequisites): the importer's and the editor's writes. */
export function catalogueWrites(db: Db) {
  const writes = {
    /**
     * Writes one challenge and its parts. Hints are updated in place by position (players' opened hints stay with
     * them); flags, files and prerequisites are replaced when they changed. Returns whether the challenge is new.
     */
    async saveChallenge(draft: ChallengeDraft, points: number): Promise<{ isNew: boolean }> {
      const columns = toColumns(draft, points);
      const [existing] = await db.select({ id: challenges.id }).from(challenges).where(eq(challenges.id, draft.id));
      if (existing) {
        const { id: _id, ...set } = columns;
        await db
          .update(challenges)
          .set({ ...set, updatedAt: sql`now()` })
          .where(eq(challenges.id, draft.id));
      } else {
        await db.insert(challenges).values(columns);
      }
      const oldHints = await db
        .select({ id: challengeHints.id, position: challengeHints.position })
        .from(challengeHints)
        .where(eq(challengeHints.challengeId, draft.id))
        .orderBy(asc(challengeHints.position));
      for (const [position, hint] of draft.hints.entries()) {
        const values = { contentEn: hint.content.en, contentFr: hint.content.fr, cost: hint.cost, position };
        const old = oldHints[position];
        if (old) await db.update(challengeHints).set(values).where(eq(challengeHints.id, old.id));
        else await db.insert(challengeHints).values({ ...values, challengeId: draft.id });
      }
      const extra = oldHints.slice(draft.hints.length).map((h) => h.id);
      if (extra.length > 0) await db.delete(challengeHints).where(inArray(challengeHints.id, extra));

      // Flags, files and prerequisites are rewritten only when they changed, so that an edit of other fields keeps
      // their ids (a player's open download link, the flag a submission matched).
      const oldFlags = await db
        .select({ kind: challengeFlags.kind, matcher: challengeFlags.matcher, content: challengeFlags.content })
        .from(challengeFlags)
        .where(eq(challengeFlags.challengeId, draft.id))
        .orderBy(asc(challengeFlags.position));
      const flags = draft.flags.map((f) => ({ kind: f.kind, matcher: f.matcher, content: f.content }));
      if (JSON.stringify(oldFlags) !== JSON.stringify(flags)) {
        await db.delete(challengeFlags).where(eq(challengeFlags.challengeId, draft.id));
        if (flags.length > 0)
          await db.insert(challengeFlags).values(flags.map((f, position) => ({ ...f, position, challengeId: draft.id })));
      }

      const oldFiles = await db
        .select({
          name: challengeAttachments.name,
          contentType: challengeAttachments.contentType,
          generator: challengeAttachments.generator,
          sha256: challengeAttachments.sha256,
        })
        .from(challengeAttachments)
        .where(eq(challengeAttachments.challengeId, draft.id))
        .orderBy(asc(challengeAttachments.position));
      const files = draft.attachments.map((file) => ({
        name: file.name,
        contentType: file.contentType,
        generator: file.generator,
        sha256: file.data ? createHash('sha256').update(file.data).digest('hex') : (file.sha256 ?? null),
      }));
      if (JSON.stringify(oldFiles) !== JSON.stringify(files)) {
        await db.delete(challengeAttachments).where(eq(challengeAttachments.challengeId, draft.id));
        for (const [position, file] of draft.attachments.entries()) {
          // A file kept as it was (an edit) keeps its stored blob.
          const blob = file.data
            ? await writes.insertBlob(file.data)
            : file.sha256
              ? { sha256: file.sha256, size: file.size }
              : null;
          await db.insert(challengeAttachments).values({
            challengeId: draft.id,
            position,
            name: file.name,
            contentType: file.contentType,
            generator: file.generator,
            sha256: blob?.sha256 ?? null,
            size: blob?.size ?? null,
          });
        }
      }

      const oldRequired = await db
        .select({ requiredId: challengePrerequisites.requiredId })
        .from(challengePrerequisites)
        .where(eq(challengePrerequisites.challengeId, draft.id));
      const required = [...new Set(draft.prerequisites)].sort();
      if (JSON.stringify(oldRequired.map((r) => r.requiredId).sort()) !== JSON.stringify(required)) {
        await db.delete(challengePrerequisites).where(eq(challengePrerequisites.challengeId, draft.id));
        if (required.length > 0)
          await db.insert(challengePrerequisites).values(required.map((requiredId) => ({ challengeId: draft.id, requiredId })));
      }
      return { isNew: !existing };
    },

    /**
     * Writes challenges that are not in the database yet, with one multi-row insert per table (the first start loads
     * the whole pack this way). Their prerequisites must be among them or already there.
     */
    async insertNewChallenges(items: { draft: ChallengeDraft; points: number }[]): Promise<void> {
      if (items.length === 0) return;
      await db.insert(challenges).values(items.map(({ draft, points }) => toColumns(draft, points)));
      const blobs = new Map<string, { sha256: string; size: number; data: Buffer }>();
      const hashOf = new Map<Buffer, string>();
      for (const { draft } of items)
        for (const file of draft.attachments) {
          if (!file.data) continue;
          const sha256 = createHash('sha256').update(file.data).digest('hex');
          hashOf.set(file.data, sha256);
          blobs.set(sha256, { sha256, size: file.data.length, data: file.data });
        }
      // Bounded batches: a row holds a file's bytes, and a statement's parameters are limited.
      const all = [...blobs.values()];
      for (let i = 0; i < all.length; i += 100)
        await db
          .insert(fileBlobs)
          .values(all.slice(i, i + 100))
          .onConflictDoNothing();
      const hints = items.flatMap(({ draft }) =>
        draft.hints.map((h, position) => ({
          challengeId: draft.id,
          position,
          contentEn: h.content.en,
          contentFr: h.content.fr,
          cost: h.cost,
        })),
      );
      if (hints.length > 0) await db.insert(challengeHints).values(hints);
      const flags = items.flatMap(({ draft }) => draft.flags.map((f, position) => ({ ...f, position, challengeId: draft.id })));
      if (flags.length > 0) await db.insert(challengeFlags).values(flags);
      const files = items.flatMap(({ draft }) =>
        draft.attachments.map((file, position) => ({
          challengeId: draft.id,
          position,
          name: file.name,
          contentType: file.contentType,
          generator: file.generator,
          sha256: file.data ? hashOf.get(file.data)! : null,
          size: file.data ? file.data.length : null,
        })),
      );
      if (files.length > 0) await db.insert(challengeAttachments).values(files);
      const prerequisites = items.flatMap(({ draft }) =>
        draft.prerequisites.map((requiredId) => ({ challengeId: draft.id, requiredId })),
      );
      if (prerequisites.length > 0) await db.insert(challengePrerequisites).values(prerequisites);
    },

    /** Adds a file's bytes (once per content). */
    async insertBlob(data: Buffer): Promise<{ sha256: string; size: number }> {
      const sha256 = createHash('sha256').update(data).digest('hex');
      await db.insert(fileBlobs).values({ sha256, size: data.length, data }).onConflictDoNothing();
      return { sha256, size: data.length };
    },
  };
  return writes;
}
