import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format-date-time';
import { pickText, useLocale } from '@/lib/use-locale';

import { useAnnouncements, useMarkAnnouncementsRead } from '../api/announcements';

import { AnnouncementText } from './announcement-text';

/**
 * The navigation bar's bell: the unread count, and the announcements newest first in a dialog. Opening it marks every
 * listed announcement read (docs/product.md#announcements).
 */
export function AnnouncementsBell() {
  const { t } = useTranslation('announcements');
  const locale = useLocale();
  const [isOpen, setIsOpen] = useState(false);
  const { data } = useAnnouncements();
  const markRead = useMarkAnnouncementsRead();
  const unread = data?.unreadCount ?? 0;
  const announcements = data?.announcements ?? [];

  function open(next: boolean) {
    setIsOpen(next);
    const newest = announcements[0];
    if (next && newest && unread > 0) markRead.mutate(newest.id);
  }

  return (
    <Dialog open={isOpen} onOpenChange={open}>
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={unread > 0 ? t('openUnread', { count: unread }) : t('open')}
        onClick={() => open(true)}
      >
        <Bell />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="announcements-unread"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {unread > 9 ? '9+' : unread}
          </span>
        )}
      </Button>
      <DialogContent closeLabel={t('close')} className="max-h-[85vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        {announcements.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('empty')}</p>
        ) : (
          <ol className="space-y-4">
            {announcements.map((announcement) => (
              <li key={announcement.id} className="rounded-lg border p-3">
                <h3 className="font-semibold">{pickText(announcement.title, locale)}</h3>
                <p className="mb-2 text-xs text-muted-foreground">
                  {t('byline', { author: announcement.author, date: formatDateTime(announcement.createdAt, locale) })}
                </p>
                <AnnouncementText text={pickText(announcement.body, locale)} />
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
