import { UserX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Badge, PublicUser } from '@drapeau/shared';

import { SearchBox } from '@/components/ui/search-box';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { useUnbanUser } from '../api/ban-user';
import { useAdminUsers } from '../api/get-admin-users';
import { useBadges } from '../api/get-badges';

import { AdminSection } from './admin-section';
import { AwardBadgeDialog } from './award-badge-dialog';
import { BanUserDialog } from './ban-user-dialog';
import { DeleteUserDialog } from './delete-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { ResetTwoFactorDialog } from './reset-two-factor-dialog';
import { Pager } from './pager';
import { EmptyState, SectionError, SectionSpinner } from './section-state';
import { usePagedFilter } from './use-paged-filter';
import { UserRow, type UserAction } from './user-row';

interface OpenDialog {
  action: UserAction;
  user: PublicUser;
}

const NO_BADGES: Badge[] = [];

/**
 * User Management (docs/product.md#admin-panel): searched and paged on the server, with the award / edit / delete dialogs.
 */
export function UsersTab({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const { page, setPage } = usePagedFilter(query);
  const users = useAdminUsers(query, page);
  const badgeList = useBadges().data?.badges ?? NO_BADGES;
  const badgesById = useMemo(() => new Map(badgeList.map((badge) => [badge.badgeId, badge])), [badgeList]);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  const dialogUser = (action: UserAction) => (dialog?.action === action ? dialog.user : null);
  const close = () => setDialog(null);
  const unban = useUnbanUser();

  // Restoring takes one click (it undoes nothing the player would lose); suspending asks for a reason first.
  function handleAction(action: UserAction, target: PublicUser) {
    if (action !== 'unban') {
      setDialog({ action, user: target });
      return;
    }
    unban.mutate(target.uid, {
      onSuccess: () => toast({ title: t('common:success'), description: t('admin:ban.restored', { name: target.username }) }),
      onError: (error) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
    });
  }

  const searchBox = (
    <SearchBox
      value={search}
      onChange={setSearch}
      label={t('admin:users.search')}
      placeholder={t('admin:users.searchPlaceholder')}
      status={users.isFetching && !users.isPending && <Spinner className="size-4" label={t('common:loading')} />}
      className="md:max-w-xs"
    />
  );

  return (
    <AdminSection title={t('admin:users.title')} description={t('admin:users.description')} actions={searchBox}>
      {users.isPending ? (
        <SectionSpinner />
      ) : users.error ? (
        <SectionError title={t('admin:users.loadFailed')} error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.users.length === 0 ? (
        <EmptyState icon={<UserX className="size-10" aria-hidden="true" />}>{t('admin:users.empty')}</EmptyState>
      ) : (
        <>
          <p className="mb-4 text-sm text-muted-foreground">{t('admin:users.count', { count: users.data.total })}</p>
          <ul aria-label={t('admin:users.listLabel')} className="divide-y divide-border/70">
            {users.data.users.map((user) => (
              <UserRow
                key={user.uid}
                user={user}
                isSelf={user.uid === currentUserId}
                badgesById={badgesById}
                onAction={handleAction}
              />
            ))}
          </ul>
          <Pager
            page={users.data.page}
            pageSize={users.data.pageSize}
            total={users.data.total}
            onPageChange={setPage}
            isBusy={users.isPlaceholderData}
          />
        </>
      )}
      <EditUserDialog user={dialogUser('edit')} isSelf={dialog?.user.uid === currentUserId} onClose={close} />
      <AwardBadgeDialog user={dialogUser('award')} badges={badgeList} onClose={close} />
      <DeleteUserDialog user={dialogUser('delete')} onClose={close} />
      <ResetTwoFactorDialog user={dialogUser('resetTwoFactor')} onClose={close} />
      <BanUserDialog user={dialogUser('ban')} onClose={close} />
    </AdminSection>
  );
}
