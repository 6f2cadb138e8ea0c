import { Check, Lightbulb, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ClassProgress } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Input, fieldClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date-time';
import { useLocale } from '@/lib/use-locale';
import { cn } from '@/lib/utils';

import { progressCsvUrl, useRemoveStudent } from '../api/teacher-classes';

import { type MatrixSort, solvedCount, viewMatrix } from './matrix-view';

/** Students × challenges: when each solved what, hints opened, wrong flags; filtered, sorted, exported as CSV. */
export function ProgressMatrix({ progress, categoryName }: { progress: ClassProgress; categoryName: (key: string) => string }) {
  const { t } = useTranslation(['classes', 'common', 'errors']);
  const locale = useLocale();
  const id = useId();
  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [sort, setSort] = useState<MatrixSort>('name');
  const remove = useRemoveStudent();
  const { students, challenges } = viewMatrix(progress, { name, category, sort });
  const categories = [...new Set(progress.challenges.map((c) => c.category))];

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-name`}>{t('classes:matrix.filterName')}</Label>
          <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} className="w-56" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-category`}>{t('classes:matrix.filterCategory')}</Label>
          <select
            id={`${id}-category`}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            className={cn(fieldClassName, 'h-10 w-56')}
          >
            <option value="">{t('classes:matrix.allCategories')}</option>
            {categories.map((key) => (
              <option key={key} value={key}>
                {categoryName(key)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-sort`}>{t('classes:matrix.sortBy')}</Label>
          <select
            id={`${id}-sort`}
            value={sort}
            onChange={(e) => setSort(e.target.value as MatrixSort)}
            className={cn(fieldClassName, 'h-10 w-40')}
          >
            <option value="name">{t('classes:matrix.sortName')}</option>
            <option value="score">{t('classes:matrix.sortScore')}</option>
            <option value="solved">{t('classes:matrix.sortSolved')}</option>
          </select>
        </div>
        <Button variant="outline" asChild>
          <a href={progressCsvUrl(progress.class.id)} download>
            {t('classes:matrix.exportCsv')}
          </a>
        </Button>
      </div>
      {progress.students.length === 0 ? (
        <p className="text-muted-foreground">{t('classes:matrix.noStudents')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="text-sm" aria-label={t('classes:matrix.title')}>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th className="sticky left-0 bg-background py-2 pr-3 font-medium">{t('classes:matrix.student')}</th>
                <th className="px-2 py-2 text-right font-medium">{t('classes:matrix.sortScore')}</th>
                <th className="px-2 py-2 text-right font-medium">{t('classes:matrix.sortSolved')}</th>
                {challenges.map((c) => (
                  <th key={c.id} className="max-w-32 px-2 py-2 font-medium" title={c.title[locale]}>
                    <span className="line-clamp-2">{c.title[locale]}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {students.map((student) => (
                <tr key={student.uid} className="border-t border-border/60">
                  <th scope="row" className="sticky left-0 bg-background py-2 pr-3 text-left font-medium">
                    <span className="flex items-center gap-1">
                      {student.username}
                      <Button
                        size="icon"
                        variant="ghost"
                        className="size-6"
                        aria-label={t('classes:matrix.removeStudent', { name: student.username })}
                        onClick={() =>
                          remove.mutate(
                            { id: progress.class.id, userId: student.uid },
                            {
                              onSuccess: () => toast({ description: t('classes:matrix.removed') }),
                              onError: (error) =>
                                toast({
                                  variant: 'destructive',
                                  title: t('common:error'),
                                  description: getErrorMessage(t, error),
                                }),
                            },
                          )
                        }
                      >
                        <X aria-hidden="true" />
                      </Button>
                    </span>
                  </th>
                  <td className="px-2 py-2 text-right tabular-nums">{student.score}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{solvedCount(student)}</td>
                  {challenges.map((c) => {
                    const cell = student.cells[c.id];
                    const parts = cell
                      ? [
                          cell.solvedAt ? t('classes:matrix.solvedAt', { date: formatDateTime(cell.solvedAt, locale) }) : null,
                          cell.hintsOpened > 0 ? t('classes:matrix.hints', { count: cell.hintsOpened }) : null,
                          cell.wrongAttempts > 0 ? t('classes:matrix.wrong', { count: cell.wrongAttempts }) : null,
                        ].filter((p) => p !== null)
                      : [];
                    const label = parts.length > 0 ? parts.join(' · ') : t('classes:matrix.notStarted');
                    return (
                      <td
                        key={c.id}
                        className="px-2 py-2 text-center"
                        title={label}
                        data-testid={`cell-${student.username}-${c.id}`}
                      >
                        <span className="sr-only">{label}</span>
                        <span aria-hidden="true" className="inline-flex items-center gap-1 text-xs">
                          {cell?.solvedAt ? (
                            <Check className="size-4 text-primary" />
                          ) : (
                            <span className="text-muted-foreground">·</span>
                          )}
                          {cell && cell.hintsOpened > 0 && (
                            <span className="inline-flex items-center text-warning">
                              <Lightbulb className="size-3" />
                              {cell.hintsOpened}
                            </span>
                          )}
                          {cell && cell.wrongAttempts > 0 && <span className="text-destructive">{cell.wrongAttempts}×</span>}
                        </span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
