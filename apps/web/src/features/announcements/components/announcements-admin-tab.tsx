import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { ANNOUNCEMENT_LIMITS, type LocalizedText } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date-time';
import { pickText, useLocale } from '@/lib/use-locale';

import { useAnnouncements, useCreateAnnouncement, useDeleteAnnouncement } from '../api/announcements';

const EMPTY: LocalizedText = { en: '', fr: '' };

/** The admin panel's Announcements tab: write one in English and French (Markdown), see the history, delete one. */
export function AnnouncementsAdminTab() {
  const { t } = useTranslation(['announcements', 'errors']);
  const locale = useLocale();
  const [title, setTitle] = useState(EMPTY);
  const [body, setBody] = useState(EMPTY);
  const { data } = useAnnouncements();
  const create = useCreateAnnouncement();
  const remove = useDeleteAnnouncement();

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { title, body },
      {
        onSuccess: () => {
          setTitle(EMPTY);
          setBody(EMPTY);
          toast({ title: t('admin.published') });
        },
      },
    );
  }

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('admin.new')}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="grid gap-4">
            <div className="grid gap-4 md:grid-cols-2">
              {(['en', 'fr'] as const).map((language) => (
                <fieldset key={language} className="grid gap-2">
                  <legend className="mb-2 text-sm font-semibold">{t(`admin.language.${language}`)}</legend>
                  <Label htmlFor={`announcement-title-${language}`}>{t('admin.titleLabel')}</Label>
                  <Input
                    id={`announcement-title-${language}`}
                    value={title[language]}
                    maxLength={ANNOUNCEMENT_LIMITS.titleMax}
                    required={language === 'en'}
                    onChange={(event) => setTitle({ ...title, [language]: event.target.value })}
                  />
                  <Label htmlFor={`announcement-body-${language}`}>{t('admin.bodyLabel')}</Label>
                  <Textarea
                    id={`announcement-body-${language}`}
                    value={body[language]}
                    rows={5}
                    maxLength={ANNOUNCEMENT_LIMITS.bodyMax}
                    required={language === 'en'}
                    onChange={(event) => setBody({ ...body, [language]: event.target.value })}
                  />
                </fieldset>
              ))}
            </div>
            <p className="text-xs text-muted-foreground">{t('admin.hint')}</p>
            {create.error && (
              <p role="alert" className="text-sm text-destructive">
                {getErrorMessage(t, create.error)}
              </p>
            )}
            <Button type="submit" disabled={create.isPending} className="justify-self-start">
              {t('admin.publish')}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('admin.history')}</CardTitle>
        </CardHeader>
        <CardContent>
          {(data?.announcements.length ?? 0) === 0 ? (
            <p className="text-sm text-muted-foreground">{t('empty')}</p>
          ) : (
            <ul className="divide-y">
              {data?.announcements.map((announcement) => (
                <li key={announcement.id} className="flex items-start justify-between gap-4 py-3">
                  <div className="min-w-0">
                    <p className="font-medium">{pickText(announcement.title, locale)}</p>
                    <p className="text-xs text-muted-foreground">
                      {t('byline', { author: announcement.author, date: formatDateTime(announcement.createdAt, locale) })}
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('admin.delete', { title: pickText(announcement.title, locale) })}
                    disabled={remove.isPending}
                    onClick={() => {
                      if (window.confirm(t('admin.confirmDelete'))) remove.mutate(announcement.id);
                    }}
                  >
                    <Trash2 />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
