import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useLocale } from '@/lib/use-locale';
import { formatDateTime } from '@/lib/format-date-time';

import { useApiTokens, useRevokeApiToken } from '../api/api-tokens';

import { AdminSection } from './admin-section';
import { Pager } from './pager';
import { SectionError, SectionSpinner } from './section-state';

/** Every player's API tokens: who, which, until when, last use; an admin revokes any of them (audited). */
export function TokensTab() {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const tokens = useApiTokens(page);
  const revoke = useRevokeApiToken();

  return (
    <AdminSection title={t('admin:tokens.title')} description={t('admin:tokens.description')}>
      {tokens.isPending ? (
        <SectionSpinner />
      ) : tokens.error ? (
        <SectionError title={t('admin:tokens.loadFailed')} error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : tokens.data.tokens.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin:tokens.none')}</p>
      ) : (
        <>
          <ul className="divide-y divide-border/60">
            {tokens.data.tokens.map((token) => (
              <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                <span>
                  <span className="font-semibold">{token.username}</span> · {token.name} <code>…{token.hint}</code>
                  <span className="block text-muted-foreground">
                    {t('admin:tokens.expires', { date: formatDateTime(token.expiresAt, locale) })}
                    {' · '}
                    {token.lastUsedAt
                      ? t('admin:tokens.lastUsed', { date: formatDateTime(token.lastUsedAt, locale) })
                      : t('admin:tokens.neverUsed')}
                  </span>
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={revoke.isPending}
                  aria-label={t('admin:tokens.revokeNamed', { name: token.name, user: token.username })}
                  onClick={() =>
                    revoke.mutate(token.id, {
                      onSuccess: () => toast({ title: t('common:success'), description: t('admin:tokens.revoked') }),
                      onError: (error) =>
                        toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
                    })
                  }
                >
                  {t('admin:tokens.revoke')}
                </Button>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={tokens.data.pageSize}
            total={tokens.data.total}
            onPageChange={setPage}
            isBusy={tokens.isFetching}
          />
        </>
      )}
    </AdminSection>
  );
}
