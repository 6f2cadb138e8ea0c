import {
  ANNOUNCEMENT_LIMITS,
  type Announcement,
  type AnnouncementBody,
  type AnnouncementEvent,
  type AnnouncementList,
} from '@drapeau/shared';

import { notFound } from '../../lib/app-error.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import type { AuditService } from '../audit/audit.service.js';

import type { AnnouncementRow, AnnouncementsRepository } from './announcements.repository.js';

const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  id: row.id,
  title: { en: row.titleEn, fr: row.titleFr },
  body: { en: row.bodyEn, fr: row.bodyFr },
  author: row.authorName,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Admins' announcements (docs/product.md#announcements): written in both languages, kept as history, pushed live to every
 * signed-in player (the event carries the title only; the body is fetched), with an unread count per player.
 */
export function createAnnouncementsService(deps: {
  repository: AnnouncementsRepository;
  /** The change and its audit entry commit together. */
  transaction: UnitOfWork<{ announcements: AnnouncementsRepository; audit: AuditService }>;
  onChange: (event: AnnouncementEvent) => void;
}) {
  const { repository, transaction } = deps;
  return {
    async list(userId: string): Promise<AnnouncementList> {
      const [rows, lastReadId] = await Promise.all([
        repository.listNewest(ANNOUNCEMENT_LIMITS.listed),
        repository.findLastReadId(userId),
      ]);
      return { announcements: rows.map(toAnnouncement), unreadCount: await repository.countAfter(lastReadId) };
    },

    async markRead(userId: string, upToId: number): Promise<void> {
      await repository.markReadUpTo(userId, upToId);
    },

    async create(actorId: string, body: AnnouncementBody): Promise<Announcement> {
      const row = await transaction(async ({ announcements, audit }) => {
        const inserted = await announcements.insert({
          titleEn: body.title.en,
          titleFr: body.title.fr,
          bodyEn: body.body.en,
          bodyFr: body.body.fr,
          authorId: actorId,
        });
        await audit.record({ actorId, action: 'announcement.create', details: { id: inserted.id, title: body.title.en } });
        return inserted;
      });
      const announcement = toAnnouncement(row);
      deps.onChange({ id: row.id, action: 'created', title: announcement.title, authorId: actorId });
      return announcement;
    },

    async remove(actorId: string, id: number): Promise<void> {
      const row = await transaction(async ({ announcements, audit }) => {
        const deleted = await announcements.delete(id);
        if (!deleted) throw notFound('ANNOUNCEMENT_NOT_FOUND', 'No announcement has this id.');
        await audit.record({ actorId, action: 'announcement.delete', details: { id, title: deleted.titleEn } });
        return deleted;
      });
      deps.onChange({ id, action: 'deleted', title: { en: row.titleEn, fr: row.titleFr } });
    },
  };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
