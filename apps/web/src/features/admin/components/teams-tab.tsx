import { Plus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminTeam } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { SearchBox } from '@/components/ui/search-box';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { useAdminTeams, useRegenerateTeamCode } from '../api/admin-teams';

import { AdminSection } from './admin-section';
import { AdjustTeamDialog, CreateTeamDialog, EditTeamDialog, useTeamToasts } from './team-dialogs';
import {
  DeleteTeamDialog,
  MergeTeamDialog,
  MoveMemberDialog,
  RemoveMemberDialog,
  type MemberToRemove,
} from './team-membership-dialogs';
import { TeamRow, type TeamAction } from './team-row';
import { Pager } from './pager';
import { EmptyState, SectionError, SectionSpinner } from './section-state';
import { usePagedFilter } from './use-paged-filter';

/**
 * Teams (docs/product.md#team-management): searched by name or member and paged on the server; create, edit, adjust,
 * move and remove members, merge and delete, each in a dialog. The server checks every rule; this only asks.
 */
export function TeamsTab() {
  const { t } = useTranslation(['admin', 'common']);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const { page, setPage } = usePagedFilter(query);
  const teams = useAdminTeams(query, page);
  const [dialog, setDialog] = useState<{ action: TeamAction; team: AdminTeam } | null>(null);
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<MemberToRemove | null>(null);
  const regenerate = useRegenerateTeamCode();
  const toasts = useTeamToasts();
  const close = () => setDialog(null);
  const dialogTeam = (action: TeamAction) => (dialog?.action === action ? dialog.team : null);

  function handleAction(action: TeamAction, team: AdminTeam) {
    if (action !== 'inviteCode') return setDialog({ action, team });
    regenerate.mutate(team.id, { onSuccess: () => toasts.done(t('admin:teams.inviteCode.done')), onError: toasts.failed });
  }

  const actions = (
    <div className="flex w-full flex-col gap-2 sm:flex-row md:w-auto">
      <SearchBox
        value={search}
        onChange={setSearch}
        label={t('admin:teams.searchLabel')}
        placeholder={t('admin:teams.searchPlaceholder')}
        status={teams.isFetching && !teams.isPending && <Spinner className="size-4" label={t('common:loading')} />}
        className="md:max-w-xs"
      />
      <Button onClick={() => setCreating(true)}>
        <Plus aria-hidden="true" />
        {t('admin:teams.create.open')}
      </Button>
    </div>
  );

  return (
    <AdminSection title={t('admin:teams.title')} description={t('admin:teams.description')} actions={actions}>
      {teams.isPending ? (
        <SectionSpinner />
      ) : teams.error ? (
        <SectionError title={t('admin:teams.loadFailed')} error={teams.error} onRetry={() => void teams.refetch()} />
      ) : teams.data.teams.length === 0 ? (
        <EmptyState icon={<UsersRound className="size-10" aria-hidden="true" />}>
          {query === '' ? t('admin:teams.empty') : t('admin:teams.noMatch')}
        </EmptyState>
      ) : (
        <>
          <ul aria-label={t('admin:teams.title')} className="divide-y divide-border/70">
            {teams.data.teams.map((team) => (
              <TeamRow
                key={team.id}
                team={team}
                onAction={handleAction}
                onRemoveMember={(target, member) => setRemoving({ team: target, member })}
              />
            ))}
          </ul>
          <Pager
            page={teams.data.page}
            pageSize={teams.data.pageSize}
            total={teams.data.total}
            onPageChange={setPage}
            isBusy={teams.isPlaceholderData}
          />
        </>
      )}
      <CreateTeamDialog open={creating} onClose={() => setCreating(false)} />
      <EditTeamDialog team={dialogTeam('edit')} onClose={close} />
      <AdjustTeamDialog team={dialogTeam('adjust')} onClose={close} />
      <MoveMemberDialog team={dialogTeam('move')} onClose={close} />
      <MergeTeamDialog team={dialogTeam('merge')} candidates={teams.data?.teams ?? []} onClose={close} />
      <DeleteTeamDialog team={dialogTeam('delete')} onClose={close} />
      <RemoveMemberDialog target={removing} onClose={() => setRemoving(null)} />
    </AdminSection>
  );
}
