import { EyeOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { WriteUp } from '@drapeau/shared';

import { Badge } from '@/components/ui/badge';
import { Markdown } from '@/components/ui/markdown';
import { formatDateTime } from '@/lib/format-date-time';
import { useLocale } from '@/lib/use-locale';

/**
 * The author, with the context that elides the French "de" before a vowel ("Write-up d’alice"); English has the same
 * text under both keys.
 */
export const authorOf = (username: string) => ({
  author: username,
  ...(/^[aeiouyàâäéèêëîïôöùûü]/i.test(username) ? { context: 'elided' } : {}),
});

/**
 * One write-up: its title (or the author's), author, language and date, and its Markdown rendered safely (the shared
 * renderer: no raw HTML, no script URL). `actions` holds the author's or a moderator's buttons.
 */
export function WriteUpArticle({ writeUp, actions }: { writeUp: WriteUp; actions?: ReactNode }) {
  const { t } = useTranslation('writeUps');
  const locale = useLocale();
  const author = writeUp.author.username;
  const isEdited = writeUp.updatedAt !== writeUp.createdAt;
  return (
    <article aria-label={writeUp.title ?? t('untitled', authorOf(author))} className="grid gap-3 py-4 first:pt-0 last:pb-0">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h4 className="font-semibold break-words">{writeUp.title ?? t('untitled', authorOf(author))}</h4>
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <span>
              <Link to={`/user/${writeUp.author.uid}`} className="font-medium text-foreground hover:underline">
                {author}
              </Link>
              {' · '}
              {formatDateTime(writeUp.createdAt, locale)}
              {isEdited && ` · ${t('edited', { date: formatDateTime(writeUp.updatedAt, locale) })}`}
            </span>
            <Badge variant="outline" lang={writeUp.language}>
              {t(`language.${writeUp.language}`)}
            </Badge>
            {writeUp.isHidden && (
              <Badge variant="rose">
                <EyeOff aria-hidden="true" />
                {t('hidden')}
              </Badge>
            )}
          </p>
        </div>
        {actions && <div className="flex shrink-0 gap-2">{actions}</div>}
      </header>
      <Markdown className="text-sm" lang={writeUp.language}>
        {writeUp.body}
      </Markdown>
    </article>
  );
}
