import { Inbox, MailCheck, MailWarning } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { OutboxMail } from '@drapeau/shared';

import { Badge as Chip } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format-date-time';
import { useLocale } from '@/lib/use-locale';

import { useOutbox } from '../api/get-outbox';

import { AdminSection } from './admin-section';
import { OutboxMailDialog } from './outbox-mail-dialog';
import { Pager } from './pager';
import { EmptyState, SectionError, SectionSpinner } from './section-state';

/**
 * The outbox (issue #16.1): with no SMTP server configured, account mails are kept here for the admins to read and
 * forward. Their links hold secrets (a reset link is a sign-in): the server shows them to admins only.
 */
export function MailTab() {
  const { t } = useTranslation(['admin', 'common']);
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const outbox = useOutbox(page);
  const [open, setOpen] = useState<OutboxMail | null>(null);

  return (
    <AdminSection title={t('admin:mail.title')} description={t('admin:mail.description')}>
      {outbox.isPending ? (
        <SectionSpinner />
      ) : outbox.error ? (
        <SectionError title={t('admin:mail.loadFailed')} error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : (
        <div className="grid gap-4">
          <p role="note" className="flex items-start gap-2 rounded-lg border border-border/70 bg-muted/40 p-3 text-sm">
            {outbox.data.mode === 'smtp' ? (
              <MailCheck className="mt-0.5 size-4 shrink-0 text-emerald-400" aria-hidden="true" />
            ) : (
              <MailWarning className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
            )}
            <span>{outbox.data.mode === 'smtp' ? t('admin:mail.smtpMode') : t('admin:mail.outboxMode')}</span>
          </p>
          {outbox.data.mails.length === 0 ? (
            <EmptyState icon={<Inbox className="size-10" aria-hidden="true" />}>{t('admin:mail.empty')}</EmptyState>
          ) : (
            <>
              <ul aria-label={t('admin:mail.listLabel')} className="divide-y divide-border/60">
                {outbox.data.mails.map((mail) => (
                  <li key={mail.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                    <span className="min-w-0">
                      <span className="block truncate font-semibold">{mail.subject}</span>
                      <span className="block text-muted-foreground">
                        {t('admin:mail.to', { recipient: mail.recipient })}
                        {' · '}
                        <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt, locale)}</time>
                      </span>
                    </span>
                    <span className="flex items-center gap-2">
                      <Chip variant="outline" title={t(`admin:mail.languages.${mail.language}`)}>
                        {mail.language.toUpperCase()}
                      </Chip>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={t('admin:mail.openNamed', { subject: mail.subject, recipient: mail.recipient })}
                        onClick={() => setOpen(mail)}
                      >
                        {t('admin:mail.open')}
                      </Button>
                    </span>
                  </li>
                ))}
              </ul>
              <Pager
                page={outbox.data.page}
                pageSize={outbox.data.pageSize}
                total={outbox.data.total}
                onPageChange={setPage}
                isBusy={outbox.isPlaceholderData}
              />
            </>
          )}
        </div>
      )}
      <OutboxMailDialog mail={open} onClose={() => setOpen(null)} />
    </AdminSection>
  );
}
