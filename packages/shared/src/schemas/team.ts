import { z } from 'zod';

/** docs/product.md#teams: bounds of a team's name and of the size admins may set. */
export const TEAM_LIMITS = { nameMin: 2, nameMax: 32, sizeMin: 1, sizeMax: 50 } as const;

/** The `teams` platform setting: team mode (off by default) and how many players a team holds. */
export const TeamSettingsSchema = z
  .object({
    /** Solves, scores and the leaderboard are by team; a player must be in a team to submit a flag. */
    enabled: z.boolean(),
    /** Joining a team that has this many members is refused (TEAM_FULL); lowering it removes nobody. */
    maxSize: z.number().int().min(TEAM_LIMITS.sizeMin).max(TEAM_LIMITS.sizeMax),
  })
  .strict();
export type TeamSettings = z.infer<typeof TeamSettingsSchema>;

export const DEFAULT_TEAM_SETTINGS: Readonly<TeamSettings> = Object.freeze({ enabled: false, maxSize: 4 });

export const TeamNameSchema = z.string().trim().min(TEAM_LIMITS.nameMin).max(TEAM_LIMITS.nameMax);

/** POST /api/teams: the creator becomes its captain. PATCH /api/teams/mine: the captain renames it. */
export const TeamNameBodySchema = z.object({ name: TeamNameSchema }).strict();

/** POST /api/teams/join: the invite code, as given or taken from the invite link. */
export const JoinTeamBodySchema = z.object({ code: z.string().trim().min(1).max(200) }).strict();

/** POST /api/teams/mine/captain: the member who becomes captain. */
export const TeamMemberBodySchema = z.object({ userId: z.string().min(1).max(200) }).strict();

export const TeamParamsSchema = z.object({ teamId: z.string().min(1).max(200) });
export const TeamMemberParamsSchema = z.object({ userId: z.string().min(1).max(200) });

/** A member as anyone sees them: never an email. */
const TeamMemberSchema = z.object({
  uid: z.string(),
  username: z.string(),
  isCaptain: z.boolean(),
  joinedAt: z.string(),
  /** Their contribution: the points and the number of the team's solves they made (docs/product.md#teams). */
  points: z.number().int(),
  solvedCount: z.number().int(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** GET /api/teams/:teamId: a team's public page. */
export const PublicTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(TeamMemberSchema),
  createdAt: z.string(),
  /** The sum of its solves' points (past members' solves included) and how many challenges it solved. */
  score: z.number().int(),
  solvedCount: z.number().int(),
  /** The challenges it drew first blood on (docs/product.md#first-blood); during a freeze, as at the freeze. */
  firstBloods: z.array(z.string()).optional(),
});
export type PublicTeam = z.infer<typeof PublicTeamSchema>;

/** A member's own team: the public page, the invite code (members only) and the size limit. */
export const OwnTeamSchema = PublicTeamSchema.extend({
  inviteCode: z.string(),
  maxSize: z.number().int(),
});
export type OwnTeam = z.infer<typeof OwnTeamSchema>;

/** GET /api/teams/mine: whether team mode is on, and the player's team if they are in one. */
export const MyTeamResultSchema = z.object({ isTeamMode: z.boolean(), team: OwnTeamSchema.nullable() });
export type MyTeamResult = z.infer<typeof MyTeamResultSchema>;
