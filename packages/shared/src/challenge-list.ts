import type { ChallengeList, ChallengeSummary } from './schemas/challenge.js';

/**
 * GET /api/challenges as the web app reads it: the answer's shared part and the player's own part, merged into the
 * player's summaries. Without the schema library, so that the challenge list page does not load it
 * (docs/architecture.md#web-app).
 */

/** The player's summaries: the shared ones, with their own view of a challenge where they have one and their facts. */
export function mergeChallengeList({ challenges, own }: ChallengeList): ChallengeSummary[] {
  const views = new Map(own.challenges.map((view) => [view.id, view]));
  const solved = new Set(own.solved);
  const solvedAfterFreeze = new Set(own.solvedAfterFreeze);
  return challenges.map((shared) => {
    const view = views.get(shared.id) ?? shared;
    const isSolved = solved.has(view.id);
    return {
      ...view,
      solved: isSolved,
      solvedAfterFreeze: solvedAfterFreeze.has(view.id),
      hasExplanation: isSolved && view.hasExplanation,
    };
  });
}

/** The one cached shape of the list in the web app (the challenges, admin and profile features share its key). */
export interface PlayerChallengeList {
  challenges: ChallengeSummary[];
}

/** Reads GET /api/challenges's answer into the cached shape. */
export function toPlayerChallengeList(list: ChallengeList): PlayerChallengeList {
  return { challenges: mergeChallengeList(list) };
}
