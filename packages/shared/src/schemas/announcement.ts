import { z } from 'zod';

import { LocalizedTextSchema } from './common.js';

/** Bounds of an announcement: a title fits a toast, a body a few paragraphs of Markdown. */
export const ANNOUNCEMENT_LIMITS = { titleMax: 120, bodyMax: 5000, listed: 50 } as const;

/** English required; French may be empty (players then read the English text). */
const text = (max: number) => z.object({ en: z.string().trim().min(1).max(max), fr: z.string().trim().max(max) });

/** POST /api/admin/announcements: a bilingual title and Markdown body. */
export const AnnouncementBodySchema = z.object({
  title: text(ANNOUNCEMENT_LIMITS.titleMax),
  body: text(ANNOUNCEMENT_LIMITS.bodyMax),
});
export type AnnouncementBody = z.infer<typeof AnnouncementBodySchema>;

export const AnnouncementSchema = z.object({
  id: z.number().int(),
  title: LocalizedTextSchema,
  body: LocalizedTextSchema,
  /** The admin who wrote it, as shown everywhere. */
  author: z.string(),
  createdAt: z.string(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** GET /api/announcements: newest first (the last 50), and how many the signed-in user has not read yet. */
export const AnnouncementListSchema = z.object({
  announcements: z.array(AnnouncementSchema),
  unreadCount: z.number().int().min(0),
});
export type AnnouncementList = z.infer<typeof AnnouncementListSchema>;

/** POST /api/announcements/read: everything up to this id is read. */
export const MarkAnnouncementsReadBodySchema = z.object({ upToId: z.number().int().min(0) });

export const AnnouncementParamsSchema = z.object({ id: z.coerce.number().int().min(1) });

/**
 * Live event `announcement`: a new one (toast it, except on its author's pages, which show "Announcement published") or a
 * deleted one (refetch). Bodies are fetched, never pushed.
 *
 * @public The contract's schema; the web reads only its type.
 */
export const AnnouncementEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(['created', 'deleted']),
  title: LocalizedTextSchema,
  authorId: z.string().optional(),
});
export type AnnouncementEvent = z.infer<typeof AnnouncementEventSchema>;
