import { useParams, useSearchParams } from 'react-router';

import { useSession } from '@/features/auth';
import { PublicTeamPage, TeamPage } from '@/features/teams';

/** /team, also reached by an invite link (/team?code=…). */
export function TeamRoute() {
  const { data: user } = useSession();
  const [params] = useSearchParams();
  return <TeamPage currentUserId={user?.uid ?? ''} inviteCode={params.get('code') ?? ''} />;
}

export function PublicTeamRoute() {
  const { teamId = '' } = useParams();
  return <PublicTeamPage teamId={teamId} />;
}
