import { Crown, RefreshCw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { TEAM_LIMITS, type OwnTeam, type TeamMember } from '@drapeau/shared';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';

import { useHandOverCaptaincy, useLeaveTeam, useRegenerateInviteCode, useRemoveMember, useRenameTeam } from '../api/teams';

import { TeamFirstBloods } from './team-first-bloods';

const useErrorToast = () => {
  const { t } = useTranslation(['common', 'errors']);
  return (error: unknown) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) });
};

/** The player's own team: members, the invite code and link, the captain's changes, and leaving. */
export function OwnTeamPanel({ team, currentUserId }: { team: OwnTeam; currentUserId: string }) {
  const { t } = useTranslation('teams');
  const isCaptain = team.members.some((m) => m.uid === currentUserId && m.isCaptain);
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold" data-testid="team-name">
        {team.name}
      </h1>
      <p data-testid="team-score">{t('score', { score: team.score, count: team.solvedCount })}</p>
      <TeamFirstBloods challengeIds={team.firstBloods} />
      <Card>
        <CardHeader>
          <CardTitle>{t('members.title')}</CardTitle>
          <CardDescription>{t('members.count', { count: team.members.length, max: team.maxSize })}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-border/60" aria-label={t('members.title')}>
            {team.members.map((member) => (
              <MemberRow key={member.uid} member={member} isSelf={member.uid === currentUserId} canManage={isCaptain} />
            ))}
          </ul>
        </CardContent>
      </Card>
      <InviteCard team={team} isCaptain={isCaptain} />
      {isCaptain && <RenameForm name={team.name} />}
      <LeaveButton team={team} isCaptain={isCaptain} />
    </div>
  );
}

function MemberRow({ member, isSelf, canManage }: { member: TeamMember; isSelf: boolean; canManage: boolean }) {
  const { t } = useTranslation('teams');
  const handOver = useHandOverCaptaincy();
  const remove = useRemoveMember();
  const onError = useErrorToast();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <span className="flex items-center gap-2">
        <Link to={`/user/${member.uid}`} className="font-medium hover:underline">
          {member.username}
        </Link>
        {member.isCaptain && (
          <Badge variant="secondary">
            <Crown className="size-3" aria-hidden="true" />
            {t('members.captain')}
          </Badge>
        )}
        {isSelf && <Badge variant="outline">{t('members.you')}</Badge>}
        <span className="text-sm text-muted-foreground" data-testid="member-contribution">
          {t('members.contribution', { points: member.points, count: member.solvedCount })}
        </span>
      </span>
      {canManage && !isSelf && (
        <span className="flex gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={handOver.isPending}
            onClick={() =>
              handOver.mutate(member.uid, {
                onSuccess: () => toast({ description: t('captain.handedOver', { name: member.username }) }),
                onError,
              })
            }
          >
            {t('captain.makeCaptain')}
          </Button>
          <Button
            size="sm"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(member.uid, {
                onSuccess: () => toast({ description: t('captain.removed', { name: member.username }) }),
                onError,
              })
            }
          >
            {t('captain.remove')}
          </Button>
        </span>
      )}
    </li>
  );
}

function InviteCard({ team, isCaptain }: { team: OwnTeam; isCaptain: boolean }) {
  const { t } = useTranslation('teams');
  const regenerate = useRegenerateInviteCode();
  const onError = useErrorToast();
  const id = useId();
  const link = `${window.location.origin}/team?code=${encodeURIComponent(team.inviteCode)}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('invite.title')}</CardTitle>
        <CardDescription>{t('invite.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Label htmlFor={`${id}-code`}>{t('invite.code')}</Label>
        <Input id={`${id}-code`} value={team.inviteCode} readOnly onFocus={(e) => e.target.select()} />
        <Label htmlFor={`${id}-link`}>{t('invite.link')}</Label>
        <Input id={`${id}-link`} value={link} readOnly onFocus={(e) => e.target.select()} />
        {isCaptain && (
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={regenerate.isPending}
            onClick={() =>
              regenerate.mutate(undefined, { onSuccess: () => toast({ description: t('invite.regenerated') }), onError })
            }
          >
            <RefreshCw aria-hidden="true" />
            {t('invite.regenerate')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function RenameForm({ name }: { name: string }) {
  const { t } = useTranslation('teams');
  const rename = useRenameTeam();
  const onError = useErrorToast();
  const [value, setValue] = useState(name);
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    rename.mutate(value, { onSuccess: () => toast({ description: t('captain.renamed') }), onError });
  }
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-name`}>{t('captain.renameLabel')}</Label>
        <Input
          id={`${id}-name`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          minLength={TEAM_LIMITS.nameMin}
          maxLength={TEAM_LIMITS.nameMax}
          required
        />
      </div>
      <Button type="submit" variant="outline" disabled={rename.isPending}>
        {t('captain.rename')}
      </Button>
    </form>
  );
}

function LeaveButton({ team, isCaptain }: { team: OwnTeam; isCaptain: boolean }) {
  const { t } = useTranslation('teams');
  const leave = useLeaveTeam();
  const onError = useErrorToast();
  const [isConfirming, setConfirming] = useState(false);
  if (isCaptain && team.members.length > 1) {
    return <p className="text-sm text-muted-foreground">{t('leave.captainHint')}</p>;
  }
  if (!isConfirming) {
    return (
      <Button variant="outline" className="justify-self-start" onClick={() => setConfirming(true)}>
        {t('leave.button')}
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm">{t('leave.confirm', { name: team.name })}</p>
      <Button
        variant="destructive"
        disabled={leave.isPending}
        onClick={() => leave.mutate(undefined, { onSuccess: () => toast({ description: t('leave.done') }), onError })}
      >
        {t('leave.button')}
      </Button>
    </div>
  );
}
