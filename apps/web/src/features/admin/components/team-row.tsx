import { Crown, GitMerge, KeyRound, Pencil, Scale, Trash2, UserMinus, UserPlus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminTeam } from '@drapeau/shared';

import { Badge as Chip } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

export type TeamAction = 'edit' | 'adjust' | 'move' | 'inviteCode' | 'merge' | 'delete';

interface TeamRowProps {
  team: AdminTeam;
  onAction: (action: TeamAction, team: AdminTeam) => void;
  onRemoveMember: (team: AdminTeam, member: AdminTeam['members'][number]) => void;
}

const ACTIONS: { action: TeamAction; icon: typeof Pencil; variant: 'outline' | 'destructive' }[] = [
  { action: 'edit', icon: Pencil, variant: 'outline' },
  { action: 'move', icon: UserPlus, variant: 'outline' },
  { action: 'adjust', icon: Scale, variant: 'outline' },
  { action: 'inviteCode', icon: KeyRound, variant: 'outline' },
  { action: 'merge', icon: GitMerge, variant: 'outline' },
  { action: 'delete', icon: Trash2, variant: 'destructive' },
];

/** One team of the Teams tab: name, members (the captain marked, each removable), score, and the team's actions. */
export function TeamRow({ team, onAction, onRemoveMember }: TeamRowProps) {
  const { t } = useTranslation(['admin', 'common']);
  const nameId = useId();
  return (
    <li aria-labelledby={nameId} className="grid gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p id={nameId} className="min-w-0 font-semibold break-words">
          {team.name}
        </p>
        <p className="text-sm text-muted-foreground tabular-nums">
          <span className="font-medium text-foreground">{t('common:points', { count: team.score })}</span>
          {team.scoreAdjustment !== 0 && <> ({t('admin:teams.adjustmentNote', { value: team.scoreAdjustment })})</>}
          {' · '}
          {t('admin:teams.memberCount', { count: team.members.length })}
        </p>
      </div>
      {team.members.length > 0 && (
        <ul aria-label={t('admin:teams.columns.members')} className="flex flex-wrap gap-2">
          {team.members.map((member) => (
            <li key={member.uid}>
              <Chip variant="secondary" className="gap-1.5 py-0.5 pr-0.5">
                {member.uid === team.captainId && <Crown className="size-3.5" aria-label={t('admin:teams.captain')} role="img" />}
                {member.username}
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-6"
                  aria-label={t('admin:teams.remove.label', { user: member.username })}
                  onClick={() => onRemoveMember(team, member)}
                >
                  <UserMinus className="size-3.5" aria-hidden="true" />
                </Button>
              </Chip>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        {ACTIONS.map(({ action, icon: Icon, variant }) => (
          <Button key={action} variant={variant} size="sm" onClick={() => onAction(action, team)}>
            <Icon aria-hidden="true" />
            {t(`admin:teams.${action}.open`)}
          </Button>
        ))}
      </div>
    </li>
  );
}
