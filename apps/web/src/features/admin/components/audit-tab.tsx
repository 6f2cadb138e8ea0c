import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AuditPage } from '@drapeau/shared';

import { Badge } from '@/components/ui/badge';
import { useLocale } from '@/lib/use-locale';
import { formatDateTime } from '@/lib/format-date-time';

import { useAuditLog } from '../api/get-audit-log';

import { AdminSection } from './admin-section';
import { AUDIT_ACTION_KEYS, describeDetails, type AuditAction } from './audit-details';
import { Pager } from './pager';
import { EmptyState, SectionError, SectionSpinner } from './section-state';

const COLUMNS = ['time', 'admin', 'action', 'target', 'details'] as const;

const ACTION_TONES: Record<AuditAction, 'sky' | 'amber' | 'emerald' | 'rose' | 'secondary'> = {
  'announcement.create': 'emerald',
  'announcement.delete': 'rose',
  'user.update': 'sky',
  'user.role': 'amber',
  'user.score': 'amber',
  'user.delete': 'rose',
  'badge.award': 'emerald',
  'badge.remove': 'rose',
  'catalogue.seed': 'secondary',
  'challenge.create': 'emerald',
  'challenge.update': 'sky',
  'challenge.duplicate': 'sky',
  'challenge.delete': 'rose',
  'challenge.import': 'secondary',
  'attachment.upload': 'emerald',
  'attachment.replace': 'sky',
  'attachment.remove': 'rose',
  'category.create': 'emerald',
  'category.update': 'sky',
  'category.delete': 'rose',
  'settings.per-user-flags': 'amber',
  'user.ban': 'rose',
  'user.unban': 'emerald',
  'instance.backup': 'secondary',
  'settings.update': 'amber',
  'token.revoke': 'rose',
  'user.two-factor-reset': 'amber',
  'write-up.hide': 'rose',
  'write-up.unhide': 'emerald',
  'team.create': 'emerald',
  'team.update': 'sky',
  'team.invite-code': 'amber',
  'team.adjustment': 'amber',
  'team.move-member': 'sky',
  'team.remove-member': 'rose',
  'team.merge': 'amber',
  'team.delete': 'rose',
  'challenge-instance.stop': 'rose',
  'challenge-instance.stop-all': 'rose',
};

/** Who did what to whom, newest first. */
export function AuditTab() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const audit = useAuditLog(page);

  return (
    <AdminSection title={t('audit.title')} description={t('audit.description')}>
      {audit.isPending ? (
        <SectionSpinner />
      ) : audit.error ? (
        <SectionError title={t('audit.loadFailed')} error={audit.error} onRetry={() => void audit.refetch()} />
      ) : audit.data.entries.length === 0 ? (
        <EmptyState icon={<History className="size-10" aria-hidden="true" />}>{t('audit.empty')}</EmptyState>
      ) : (
        <>
          <AuditTable entries={audit.data.entries} />
          <Pager
            page={audit.data.page}
            pageSize={audit.data.pageSize}
            total={audit.data.total}
            onPageChange={setPage}
            isBusy={audit.isPlaceholderData}
          />
        </>
      )}
    </AdminSection>
  );
}

function AuditTable({ entries }: { entries: AuditPage['entries'] }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (
    <div className="-mx-5 overflow-x-auto sm:-mx-6">
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">{t('audit.title')}</caption>
        <thead className="border-b text-xs text-muted-foreground uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-5 py-2 font-medium sm:first:pl-6 sm:last:pr-6">
                {t(`audit.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border/60">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top transition-colors hover:bg-muted/40">
              <td className="px-5 py-2.5 whitespace-nowrap text-muted-foreground tabular-nums sm:pl-6">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, locale)}</time>
              </td>
              <td className="px-5 py-2.5 font-medium">{entry.actorName}</td>
              <td className="px-5 py-2.5">
                <Badge variant={ACTION_TONES[entry.action]}>{t(`audit.actions.${AUDIT_ACTION_KEYS[entry.action]}`)}</Badge>
              </td>
              <td className="px-5 py-2.5">{entry.targetName ?? t('none')}</td>
              <td className="px-5 py-2.5 sm:pr-6">
                <ul className="grid gap-0.5 text-xs">
                  {describeDetails(entry.details).map((line, index) => (
                    <li key={index} className="break-all">
                      {line.field !== null && (
                        <span className="text-muted-foreground">
                          {t('audit.fieldLabel', { field: t(`audit.fields.${line.field}`, { defaultValue: line.field }) })}{' '}
                        </span>
                      )}
                      <span className="font-mono">{line.value}</span>
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
