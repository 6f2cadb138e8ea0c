import { useTranslation } from 'react-i18next';

import type { OutboxMail } from '@drapeau/shared';

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDateTime } from '@/lib/format-date-time';
import { useLocale } from '@/lib/use-locale';

/**
 * One mail of the outbox: its plain text, and its HTML drawn in a sandboxed frame. The HTML never enters the page's own
 * document: `sandbox=""` gives the frame an opaque origin with no scripts, forms, pop-ups or top navigation, so a mail
 * cannot reach the admin's session whatever it holds.
 */
export function OutboxMailDialog({ mail, onClose }: { mail: OutboxMail | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const locale = useLocale();
  return (
    <Dialog open={mail !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent closeLabel={t('common:close')} className="sm:max-w-2xl">
        {mail && (
          <>
            <DialogHeader>
              <DialogTitle>{mail.subject}</DialogTitle>
              <DialogDescription>
                {t('admin:mail.to', { recipient: mail.recipient })}
                {' · '}
                {t(`admin:mail.languages.${mail.language}`)}
                {' · '}
                {formatDateTime(mail.createdAt, locale)}
              </DialogDescription>
            </DialogHeader>
            <Tabs defaultValue="text">
              <TabsList aria-label={t('admin:mail.formats')}>
                <TabsTrigger value="text">{t('admin:mail.text')}</TabsTrigger>
                <TabsTrigger value="html">{t('admin:mail.html')}</TabsTrigger>
              </TabsList>
              <TabsContent value="text">
                <pre
                  className="max-h-96 overflow-auto rounded-lg border bg-muted/40 p-3 text-sm break-words whitespace-pre-wrap"
                  data-testid="outbox-mail-text"
                >
                  {mail.text}
                </pre>
              </TabsContent>
              <TabsContent value="html">
                <iframe
                  title={t('admin:mail.htmlFrame', { subject: mail.subject })}
                  sandbox=""
                  referrerPolicy="no-referrer"
                  srcDoc={mail.html}
                  className="h-96 w-full rounded-lg border bg-white"
                />
              </TabsContent>
            </Tabs>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
