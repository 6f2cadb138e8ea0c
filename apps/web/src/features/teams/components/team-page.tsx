import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorNotice } from '@/components/ui/error-notice';
import { PageSpinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useMyTeam, useTeam } from '../api/teams';

import { OwnTeamPanel } from './own-team';
import { TeamFirstBloods } from './team-first-bloods';
import { NoTeam } from './team-forms';

/** /team (docs/product.md#teams): the player's team, or how to get one; `code` comes from an invite link. */
export function TeamPage({ currentUserId, inviteCode }: { currentUserId: string; inviteCode: string }) {
  const { t } = useTranslation(['teams', 'common']);
  useDocumentTitle(t('teams:title'));
  const { data, error, isPending, refetch } = useMyTeam();

  if (isPending) return <PageSpinner label={t('common:loading')} />;
  if (error) {
    return (
      <ErrorNotice
        title={t('teams:loadFailed')}
        message={getErrorMessage(t, error)}
        onRetry={() => void refetch()}
        retryLabel={t('common:retry')}
      />
    );
  }
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      {data.team ? (
        <OwnTeamPanel team={data.team} currentUserId={currentUserId} />
      ) : data.isTeamMode ? (
        <NoTeam initialCode={inviteCode} />
      ) : (
        <p className="text-muted-foreground">{t('teams:modeOff')}</p>
      )}
    </div>
  );
}

/** /team/{teamId}: a team's public page: its members, never their emails nor the invite code. */
export function PublicTeamPage({ teamId }: { teamId: string }) {
  const { t } = useTranslation(['teams', 'common']);
  const { data: team, error, isPending, refetch } = useTeam(teamId);
  useDocumentTitle(team?.name ?? t('teams:title'));

  if (isPending) return <PageSpinner label={t('common:loading')} />;
  if (error) {
    if (isApiError(error) && error.code === 'TEAM_NOT_FOUND') return <p className="text-center">{t('teams:public.notFound')}</p>;
    return (
      <ErrorNotice
        title={t('teams:loadFailed')}
        message={getErrorMessage(t, error)}
        onRetry={() => void refetch()}
        retryLabel={t('common:retry')}
      />
    );
  }
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <h1 className="text-2xl font-bold">{team.name}</h1>
      <p data-testid="team-score">{t('teams:score', { score: team.score, count: team.solvedCount })}</p>
      <TeamFirstBloods challengeIds={team.firstBloods} />
      <Card>
        <CardHeader>
          <CardTitle>{t('teams:public.members')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-border/60">
            {team.members.map((member) => (
              <li key={member.uid} className="flex items-center gap-2 py-3">
                <Link to={`/user/${member.uid}`} className="font-medium hover:underline">
                  {member.username}
                </Link>
                {member.isCaptain && <span className="text-sm text-muted-foreground">({t('teams:members.captain')})</span>}
                <span className="ml-auto text-sm text-muted-foreground">
                  {t('teams:members.contribution', { points: member.points, count: member.solvedCount })}
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
