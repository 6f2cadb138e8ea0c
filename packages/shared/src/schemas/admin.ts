import { z } from 'zod';

import { PageInfoSchema, PageNumberSchema, SearchTextSchema } from './common.js';
import { BioSchema, PublicUserSchema, RoleSchema, UsernameSchema } from './user.js';

export const AdminStatsSchema = z.object({
  totalUsers: z.number().int(),
  admins: z.number().int(),
  totalPoints: z.number().int(),
  /** Rounded to the nearest integer. */
  avgScore: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

export const ADMIN_PAGE_SIZE = 50;

export const AdminUserQuerySchema = z.object({
  search: SearchTextSchema.optional(),
  page: PageNumberSchema,
});

/** An admin sees every field, email included. */
export const AdminUserPageSchema = z.object({
  users: z.array(PublicUserSchema),
  ...PageInfoSchema.shape,
});
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

/**
 * Edit User (docs/product.md#admin-panel, #validation): the score is the total wanted; the server sets the adjustment so
 * that the total is this number.
 */
export const AdminUpdateUserBodySchema = z
  .object({
    username: UsernameSchema.optional(),
    bio: BioSchema.optional(),
    score: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    rank: RoleSchema.optional(),
  })
  .strict();
export type AdminUpdateUserBody = z.infer<typeof AdminUpdateUserBodySchema>;

export const AwardBadgeBodySchema = z.object({ badgeId: z.string().min(1).max(64) }).strict();

export const AdminUserParamsSchema = z.object({ userId: z.string().min(1).max(64) });
export const AdminUserBadgeParamsSchema = z.object({ userId: z.string().min(1).max(64), badgeId: z.string().min(1).max(64) });

const SubmissionResultFilterSchema = z.enum(['correct', 'incorrect']);
export const AdminSubmissionQuerySchema = z.object({
  user: SearchTextSchema.optional(),
  challenge: z.string().trim().max(100).optional(),
  result: SubmissionResultFilterSchema.optional(),
  page: PageNumberSchema,
});
const AdminSubmissionSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  username: z.string(),
  challengeId: z.string(),
  /** The submitted text: admins only. */
  submitted: z.string(),
  isCorrect: z.boolean(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export const AdminSubmissionPageSchema = z.object({
  submissions: z.array(AdminSubmissionSchema),
  ...PageInfoSchema.shape,
});
export type AdminSubmissionPage = z.infer<typeof AdminSubmissionPageSchema>;

export const AUDIT_ACTIONS = [
  'announcement.create',
  'announcement.delete',
  'user.update',
  'user.role',
  'user.score',
  'user.delete',
  'badge.award',
  'badge.remove',
  'catalogue.seed',
  'challenge.create',
  'challenge.update',
  'challenge.duplicate',
  'challenge.delete',
  'challenge.import',
  'attachment.upload',
  'attachment.replace',
  'attachment.remove',
  'category.create',
  'category.update',
  'category.delete',
  'settings.per-user-flags',
  'user.ban',
  'user.unban',
  'instance.backup',
  'settings.update',
  'token.revoke',
  'user.two-factor-reset',
  'write-up.hide',
  'write-up.unhide',
  'team.create',
  'team.update',
  'team.invite-code',
  'team.adjustment',
  'team.move-member',
  'team.remove-member',
  'team.merge',
  'team.delete',
  'challenge-instance.stop',
  'challenge-instance.stop-all',
] as const;
const AuditEntrySchema = z.object({
  id: z.number().int(),
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetUserId: z.string().nullable(),
  targetName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  ...PageInfoSchema.shape,
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const ChallengeFlagListSchema = z.object({ flags: z.array(z.object({ id: z.string(), flag: z.string() })) });
export type ChallengeFlagList = z.infer<typeof ChallengeFlagListSchema>;
