import { CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import type { AdminSubmissionPage } from '@drapeau/shared';

import { Badge } from '@/components/ui/badge';
import { useLocale } from '@/lib/use-locale';
import { formatDateTime } from '@/lib/format-date-time';

const COLUMNS = ['time', 'user', 'challenge', 'submitted', 'result', 'ip'] as const;

interface SubmissionsTableProps {
  submissions: AdminSubmissionPage['submissions'];
  /** Challenge titles by id, in the active language. */
  titles: ReadonlyMap<string, string>;
}

/**
 * Newest first; on a phone the table scrolls sideways inside its card. Each row stays one line high: long names, titles and
 * submitted texts are cut with an ellipsis (the whole text in the cell's title and for screen readers).
 */
export function SubmissionsTable({ submissions, titles }: SubmissionsTableProps) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (
    <div className="-mx-5 overflow-x-auto sm:-mx-6">
      <table className="w-full min-w-[760px] text-left text-sm">
        <caption className="sr-only">{t('submissions.title')}</caption>
        <thead className="border-b text-xs text-muted-foreground uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-5 py-2 font-medium sm:first:pl-6 sm:last:pr-6">
                {t(`submissions.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border/60">
          {submissions.map((submission) => {
            const challengeTitle = titles.get(submission.challengeId) ?? submission.challengeId;
            return (
              <tr key={submission.id} className="align-top transition-colors hover:bg-muted/40">
                <td className="px-5 py-2.5 whitespace-nowrap text-muted-foreground tabular-nums sm:pl-6">
                  <time dateTime={submission.createdAt}>{formatDateTime(submission.createdAt, locale)}</time>
                </td>
                <td className="px-5 py-2.5 font-medium">
                  <span className="block max-w-40 truncate" title={submission.username}>
                    {submission.username}
                  </span>
                </td>
                <td className="px-5 py-2.5">
                  <span className="block max-w-48 truncate" title={challengeTitle}>
                    {challengeTitle}
                  </span>
                </td>
                <td className="px-5 py-2.5">
                  <code className="block max-w-56 truncate font-mono text-xs" title={submission.submitted}>
                    {submission.submitted}
                  </code>
                </td>
                <td className="px-5 py-2.5 whitespace-nowrap">
                  {submission.isCorrect ? (
                    <Badge variant="emerald">
                      <CircleCheck aria-hidden="true" />
                      {t('submissions.correct')}
                    </Badge>
                  ) : (
                    <Badge variant="rose">
                      <CircleX aria-hidden="true" />
                      {t('submissions.incorrect')}
                    </Badge>
                  )}
                </td>
                <td className="px-5 py-2.5 font-mono text-xs whitespace-nowrap text-muted-foreground sm:pr-6">
                  {submission.ip ?? t('none')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
