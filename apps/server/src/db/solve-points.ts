import { sql } from 'drizzle-orm';

/**
 * Which opened hints count against a solve `s` (joined as `u`, a row of `hint_unlocks`): in solo mode its solver's, in
 * team mode its team's, whoever of the members opened them (docs/product.md#scoring, docs/decisions/016-teams.md). One
 * definition for the scoring of solves and for the frozen standings and the score graph, which must agree with it.
 */
export const HINTS_OF_SOLVE = sql`u.challenge_id = s.challenge_id
  and (u.team_id = s.team_id or (s.team_id is null and u.team_id is null and u.user_id = s.user_id))`;
