import type { SharedFlagIncident } from '@drapeau/shared';

import type { SolveOwner } from '../challenges/model/challenge.js';

import type { SubmissionsRepository } from './submissions.repository.js';

/**
 * A wrong flag that is another player's per-user flag, or in team mode another team's (docs/decisions/016-teams.md), is
 * recorded as a shared-flag incident naming both sides, and pushed to the admins.
 */
export function createSharedFlagReport(deps: {
  repository: Pick<SubmissionsRepository, 'findTeamForIncident' | 'insertIncident' | 'findUsername'>;
  findPerUserOwner: (challengeId: string, flag: string) => Promise<SolveOwner | undefined>;
  onIncident?: (incident: SharedFlagIncident) => void;
}) {
  return async (submitterId: string, submitterTeamId: string | null, challengeId: string, text: string) => {
    const owner = await deps.findPerUserOwner(challengeId, text);
    if (!owner || ('teamId' in owner ? owner.teamId === submitterTeamId : owner.userId === submitterId)) return;
    const ownerTeamId = 'teamId' in owner ? owner.teamId : null;
    const ownerTeam = ownerTeamId === null ? undefined : await deps.repository.findTeamForIncident(ownerTeamId);
    const ownerId = 'userId' in owner ? owner.userId : (ownerTeam?.memberId ?? null);
    const row = await deps.repository.insertIncident({ challengeId, submitterId, ownerId, submitterTeamId, ownerTeamId });
    deps.onIncident?.({
      id: row.id,
      challengeId,
      submitterId,
      submitterName: await deps.repository.findUsername(submitterId),
      ownerId,
      ownerName: ownerId === null ? '' : await deps.repository.findUsername(ownerId),
      createdAt: row.createdAt.toISOString(),
      ...(ownerTeam === undefined
        ? {}
        : {
            submitterTeamName:
              submitterTeamId === null ? null : (await deps.repository.findTeamForIncident(submitterTeamId)).name,
            ownerTeamId,
            ownerTeamName: ownerTeam.name,
          }),
    });
  };
}
