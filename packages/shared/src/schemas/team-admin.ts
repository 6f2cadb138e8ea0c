import { z } from 'zod';

import { PageInfoSchema, PageNumberSchema, SearchTextSchema } from './common.js';
import { TeamNameSchema } from './team.js';

/** GET /api/admin/teams: searched by team name or member username (any case), paged like the users. */
export const AdminTeamQuerySchema = z.object({ search: SearchTextSchema.optional(), page: PageNumberSchema });

/** A team as admins see it (docs/product.md#team-management): its members, invite code, score and adjustment. */
export const AdminTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  inviteCode: z.string(),
  captainId: z.string().nullable(),
  createdAt: z.string(),
  members: z.array(z.object({ uid: z.string(), username: z.string(), joinedAt: z.string() })),
  /** The sum of its solves' points plus the adjustment (docs/decisions/016-teams.md). */
  score: z.number().int(),
  scoreAdjustment: z.number().int(),
  solvedCount: z.number().int(),
});
export type AdminTeam = z.infer<typeof AdminTeamSchema>;

export const AdminTeamPageSchema = z.object({ teams: z.array(AdminTeamSchema), ...PageInfoSchema.shape });
export type AdminTeamPage = z.infer<typeof AdminTeamPageSchema>;

export const AdminTeamParamsSchema = z.object({ teamId: z.string().min(1).max(200) });
export const AdminTeamMemberParamsSchema = z.object({ teamId: z.string().min(1).max(200), userId: z.string().min(1).max(200) });

/** POST /api/admin/teams: an empty team, with no captain until someone joins or is moved in. */
export const AdminCreateTeamBodySchema = z.object({ name: TeamNameSchema }).strict();

/** PATCH /api/admin/teams/:teamId: a new name and/or a new captain (one of its members). */
export const AdminUpdateTeamBodySchema = z
  .object({ name: TeamNameSchema.optional(), captainId: z.string().min(1).max(200).optional() })
  .strict();
export type AdminUpdateTeamBody = z.infer<typeof AdminUpdateTeamBodySchema>;

/** POST /api/admin/teams/:teamId/members: moves a player (in another team or in none) into this team. */
export const AdminMoveMemberBodySchema = z.object({ userId: z.string().min(1).max(200) }).strict();

/** PUT /api/admin/teams/:teamId/adjustment: the team's adjustment (added to its solves' points) and why, for the log. */
export const AdminTeamAdjustmentBodySchema = z
  .object({
    adjustment: z.number().int().min(-1_000_000).max(1_000_000),
    reason: z.string().trim().min(1).max(300),
  })
  .strict();
export type AdminTeamAdjustmentBody = z.infer<typeof AdminTeamAdjustmentBodySchema>;

/** POST /api/admin/teams/:teamId/merge: team `fromTeamId` merges into this one and is deleted. */
export const AdminMergeTeamsBodySchema = z.object({ fromTeamId: z.string().min(1).max(200) }).strict();

/** What a merge did: members moved, solves moved, and the solves removed where both teams had solved a challenge. */
export const AdminMergeResultSchema = z.object({
  team: AdminTeamSchema,
  movedMembers: z.number().int(),
  movedSolves: z.number().int(),
  removedSolves: z.number().int(),
});
export type AdminMergeResult = z.infer<typeof AdminMergeResultSchema>;

/** DELETE /api/admin/teams/:teamId: how many solves went with the team and how many members became teamless. */
export const AdminDeleteTeamResultSchema = z.object({ removedSolves: z.number().int(), formerMembers: z.number().int() });
export type AdminDeleteTeamResult = z.infer<typeof AdminDeleteTeamResultSchema>;
