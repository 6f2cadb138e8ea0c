import type { AdminAttachment } from '@drapeau/shared';

import { conflict, notFound } from '../../../lib/app-error.js';
import type { CatalogueRepository } from '../catalogue/catalogue.repository.js';
import { contentTypeOf } from '../model/challenge-rules.js';
import type { Challenge } from '../model/challenge.js';
import type { ChallengesService } from '../catalogue/challenges.service.js';

/** Admins' uploads: the bytes go to the database by SHA-256 (one row per content), each change audited. */
export function createAttachmentsService(deps: {
  repository: CatalogueRepository;
  challenges: ChallengesService;
  onCatalogueChanged: (challengeIds: string[]) => void;
}) {
  const { repository, challenges } = deps;
  const find = async (id: string): Promise<Challenge> => {
    const challenge = await challenges.findChallenge(id);
    if (!challenge) throw notFound('CHALLENGE_NOT_FOUND', 'Challenge not found.');
    return challenge;
  };
  const view = async (challengeId: string, attachmentId: number): Promise<AdminAttachment> => {
    const a = (await find(challengeId)).attachments.find((x) => x.id === attachmentId);
    if (!a) throw notFound('ATTACHMENT_NOT_FOUND', 'File not found.');
    return { ...a, url: `/api/admin/challenges/${challengeId}/attachments/${a.id}` };
  };
  const done = (id: string) => {
    challenges.reload();
    deps.onCatalogueChanged([id]);
  };

  return {
    async uploadAttachment(actorId: string, challengeId: string, name: string, data: Buffer): Promise<AdminAttachment> {
      const challenge = await find(challengeId);
      if (challenge.attachments.some((a) => a.name === name))
        throw conflict('ATTACHMENT_EXISTS', `"${name}" is already attached: replace it instead.`);
      const id = await repository.transaction(async (tx) => {
        const blob = await tx.insertBlob(data);
        const inserted = await tx.insertAttachment(challengeId, { name, contentType: contentTypeOf(name), ...blob });
        if (inserted === undefined) throw conflict('ATTACHMENT_EXISTS', `"${name}" is already attached.`);
        await tx.touchChallenge(challengeId);
        await tx.insertAuditEntry({
          actorId,
          action: 'attachment.upload',
          targetName: challengeId,
          details: { challengeId, name, ...blob },
        });
        return inserted;
      });
      done(challengeId);
      return view(challengeId, id);
    },

    async replaceAttachment(
      actorId: string,
      challengeId: string,
      attachmentId: number,
      name: string | undefined,
      data: Buffer,
    ): Promise<AdminAttachment> {
      const current = await view(challengeId, attachmentId);
      const newName = name ?? current.name;
      const challenge = await find(challengeId);
      if (challenge.attachments.some((a) => a.name === newName && a.id !== attachmentId))
        throw conflict('ATTACHMENT_EXISTS', `"${newName}" is already attached.`);
      await repository.transaction(async (tx) => {
        const blob = await tx.insertBlob(data);
        await tx.replaceAttachment(attachmentId, { name: newName, contentType: contentTypeOf(newName), ...blob });
        await tx.touchChallenge(challengeId);
        await tx.insertAuditEntry({
          actorId,
          action: 'attachment.replace',
          targetName: challengeId,
          details: { challengeId, name: newName, ...blob },
        });
      });
      done(challengeId);
      return view(challengeId, attachmentId);
    },

    async removeAttachment(actorId: string, challengeId: string, attachmentId: number): Promise<void> {
      const current = await view(challengeId, attachmentId);
      await repository.transaction(async (tx) => {
        await tx.deleteAttachment(attachmentId);
        await tx.touchChallenge(challengeId);
        await tx.insertAuditEntry({
          actorId,
          action: 'attachment.remove',
          targetName: challengeId,
          details: { challengeId, name: current.name },
        });
      });
      done(challengeId);
    },
  };
}
export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
