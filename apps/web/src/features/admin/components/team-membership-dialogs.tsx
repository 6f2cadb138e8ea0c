import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminTeam } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { SearchBox } from '@/components/ui/search-box';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { useDeleteTeam, useMergeTeams, useMoveMember, useRemoveMember } from '../api/admin-teams';
import { useAdminUsers } from '../api/get-admin-users';

import { TeamFormDialog, useTeamToasts } from './team-dialogs';

/** Moves a player found by name into the team: from another team (their past solves stay there) or from none. */
export function MoveMemberDialog({ team, onClose }: { team: AdminTeam | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const users = useAdminUsers(query, 1);
  const move = useMoveMember();
  const toasts = useTeamToasts();
  const candidates = query === '' ? [] : (users.data?.users ?? []).filter((u) => !team?.members.some((m) => m.uid === u.uid));
  const close = () => {
    setSearch('');
    onClose();
  };
  return (
    <TeamFormDialog
      open={team !== null}
      onClose={close}
      title={t('admin:teams.move.title', { name: team?.name ?? '' })}
      description={t('admin:teams.move.description')}
      busy={move.isPending}
      onSubmit={close}
    >
      <SearchBox
        value={search}
        onChange={setSearch}
        label={t('admin:teams.move.search')}
        placeholder={t('admin:teams.move.user')}
      />
      {query !== '' && candidates.length === 0 && !users.isFetching && (
        <p className="text-sm text-muted-foreground">{t('admin:teams.move.noPlayer')}</p>
      )}
      <ul aria-label={t('admin:teams.move.user')} className="grid max-h-60 gap-1 overflow-y-auto">
        {candidates.slice(0, 10).map((user) => (
          <li key={user.uid} className="flex items-center justify-between gap-3">
            <span className="min-w-0 truncate">{user.username}</span>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={move.isPending}
              aria-label={t('admin:teams.move.pick', { user: user.username })}
              onClick={() =>
                team &&
                move.mutate(
                  { teamId: team.id, userId: user.uid },
                  {
                    onSuccess: () => {
                      toasts.done(t('admin:teams.move.done', { user: user.username, team: team.name }));
                      close();
                    },
                    onError: toasts.failed,
                  },
                )
              }
            >
              {t('admin:teams.move.submit')}
            </Button>
          </li>
        ))}
      </ul>
    </TeamFormDialog>
  );
}

export interface MemberToRemove {
  team: AdminTeam;
  member: AdminTeam['members'][number];
}

export function RemoveMemberDialog({ target, onClose }: { target: MemberToRemove | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const remove = useRemoveMember();
  const toasts = useTeamToasts();
  const names = { user: target?.member.username ?? '', team: target?.team.name ?? '' };
  return (
    <TeamFormDialog
      open={target !== null}
      onClose={onClose}
      destructive
      title={t('teams.remove.label', names)}
      description={t('teams.remove.confirm', names)}
      submit={t('teams.remove.submit')}
      busy={remove.isPending}
      onSubmit={() =>
        target &&
        remove.mutate(
          { teamId: target.team.id, userId: target.member.uid },
          {
            onSuccess: () => {
              toasts.done(t('teams.remove.done', names));
              onClose();
            },
            onError: toasts.failed,
          },
        )
      }
    />
  );
}

/** Merges the team into another one of the list (searched first when there are many): the other one stays. */
export function MergeTeamDialog(props: { team: AdminTeam | null; candidates: AdminTeam[]; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const merge = useMergeTeams();
  const toasts = useTeamToasts();
  const [intoId, setIntoId] = useState('');
  const others = props.candidates.filter((c) => c.id !== props.team?.id);
  const close = () => {
    setIntoId('');
    props.onClose();
  };
  return (
    <TeamFormDialog
      open={props.team !== null}
      onClose={close}
      destructive
      title={t('teams.merge.title', { name: props.team?.name ?? '' })}
      description={t('teams.merge.description', { name: props.team?.name ?? '' })}
      submit={t('teams.merge.submit')}
      busy={merge.isPending}
      onSubmit={() =>
        props.team &&
        intoId !== '' &&
        merge.mutate(
          { intoId, fromId: props.team.id },
          {
            onSuccess: (result) => {
              toasts.done(
                t('teams.merge.done', {
                  members: result.movedMembers,
                  solves: result.movedSolves,
                  removed: result.removedSolves,
                }),
              );
              close();
            },
            onError: toasts.failed,
          },
        )
      }
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-into`}>{t('teams.merge.target')}</Label>
        <Select value={intoId} onValueChange={setIntoId}>
          <SelectTrigger id={`${id}-into`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {others.map((other) => (
              <SelectItem key={other.id} value={other.id}>
                {other.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </TeamFormDialog>
  );
}

/** The confirmation says how many solves go with the team (their points leave their solvers' scores). */
export function DeleteTeamDialog({ team, onClose }: { team: AdminTeam | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const removal = useDeleteTeam();
  const toasts = useTeamToasts();
  const solves = team?.solvedCount ?? 0;
  return (
    <TeamFormDialog
      open={team !== null}
      onClose={onClose}
      destructive
      title={t('teams.delete.title', { name: team?.name ?? '' })}
      description={solves > 0 ? t('teams.delete.withSolves', { count: solves }) : t('teams.delete.noSolves')}
      submit={t('teams.delete.submit')}
      busy={removal.isPending}
      onSubmit={() =>
        team &&
        removal.mutate(team.id, {
          onSuccess: () => {
            toasts.done(t('teams.delete.done'));
            onClose();
          },
          onError: toasts.failed,
        })
      }
    />
  );
}
