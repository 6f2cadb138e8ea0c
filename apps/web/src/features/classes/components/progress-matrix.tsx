import { Check, Lightbulb, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ClassProgress } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TooltipProvider, WithTooltip } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date-time';
import { useLocale } from '@/lib/use-locale';
import { cn } from '@/lib/utils';

import { progressCsvUrl, useRemoveStudent } from '../api/teacher-classes';

import { type MatrixSort, solvedCount, viewMatrix } from './matrix-view';

type Cell = ClassProgress['students'][number]['cells'][string] | undefined;

/** What a cell shows, drawn from its parts: a tick when solved, a bulb and the hints opened, the wrong flags. */
function CellMarks({ cell }: { cell: Cell }) {
  return (
    <span aria-hidden="true" className="inline-flex items-center gap-1 text-xs">
      {cell?.solvedAt ? <Check className="size-4 text-primary" /> : <span className="text-muted-foreground">·</span>}
      {cell && cell.hintsOpened > 0 && (
        <span className="inline-flex items-center text-warning">
          <Lightbulb className="size-3" />
          {cell.hintsOpened}
        </span>
      )}
      {cell && cell.wrongAttempts > 0 && <span className="text-destructive">{cell.wrongAttempts}×</span>}
    </span>
  );
}

/** What each mark of a cell means; the date of a solve is in the cell's own text (hover, or a screen reader). */
function MatrixLegend() {
  const { t } = useTranslation('classes');
  const items = [
    { mark: <Check className="size-4 text-primary" />, text: t('matrix.legendSolved') },
    {
      mark: (
        <span className="inline-flex items-center text-warning">
          <Lightbulb className="size-3" />2
        </span>
      ),
      text: t('matrix.legendHints'),
    },
    { mark: <span className="text-destructive">3×</span>, text: t('matrix.legendWrong') },
    { mark: <span className="text-muted-foreground">·</span>, text: t('matrix.notStarted') },
  ];
  return (
    <div className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground">
      <span className="font-medium">{t('matrix.legend')}</span>
      {items.map((item) => (
        <span key={item.text} className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-flex w-6 justify-center">
            {item.mark}
          </span>
          {item.text}
        </span>
      ))}
    </div>
  );
}

/**
 * Students × challenges: when each solved what, hints opened, wrong flags; filtered, sorted, exported as CSV. The table
 * scrolls inside its own frame, its header row and student column staying in view, so that the page never scrolls
 * sideways whatever the number of challenges (docs/product.md#classes).
 */
export function ProgressMatrix({ progress, categoryName }: { progress: ClassProgress; categoryName: (key: string) => string }) {
  const { t } = useTranslation(['classes', 'common', 'errors']);
  const locale = useLocale();
  const id = useId();
  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [assignment, setAssignment] = useState('');
  const [sort, setSort] = useState<MatrixSort>('name');
  const [isIdleOnly, setIdleOnly] = useState(false);
  const [now] = useState(() => Date.now());
  const remove = useRemoveStudent();
  const { students, groups } = viewMatrix(progress, { name, category, assignment, sort, isIdleOnly, now });
  const challenges = groups.flatMap((g) => g.challenges);
  const categories = [...new Set(progress.challenges.map((c) => c.category))];

  const removeStudent = (student: { uid: string; username: string }) => {
    if (!window.confirm(t('classes:matrix.removeConfirm', { name: student.username }))) return;
    remove.mutate(
      { id: progress.class.id, userId: student.uid },
      {
        onSuccess: () => toast({ description: t('classes:matrix.removed') }),
        onError: (error) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
      },
    );
  };

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid w-full gap-1.5 sm:w-auto">
          <Label htmlFor={`${id}-name`}>{t('classes:matrix.filterName')}</Label>
          <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} className="w-full sm:w-52" />
        </div>
        <div className="grid w-full gap-1.5 sm:w-auto">
          <Label htmlFor={`${id}-assignment`}>{t('classes:matrix.filterAssignment')}</Label>
          <NativeSelect
            id={`${id}-assignment`}
            value={assignment}
            onChange={(e) => setAssignment(e.target.value)}
            className="w-full sm:w-52"
          >
            <option value="">{t('classes:matrix.allAssignments')}</option>
            {progress.assignments.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid w-full gap-1.5 sm:w-auto">
          <Label htmlFor={`${id}-category`}>{t('classes:matrix.filterCategory')}</Label>
          <NativeSelect
            id={`${id}-category`}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            className="w-full sm:w-52"
          >
            <option value="">{t('classes:matrix.allCategories')}</option>
            {categories.map((key) => (
              <option key={key} value={key}>
                {categoryName(key)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid w-full gap-1.5 sm:w-auto">
          <Label htmlFor={`${id}-sort`}>{t('classes:matrix.sortBy')}</Label>
          <NativeSelect
            id={`${id}-sort`}
            value={sort}
            onChange={(e) => setSort(e.target.value as MatrixSort)}
            className="w-full sm:w-36"
          >
            <option value="name">{t('classes:matrix.sortName')}</option>
            <option value="score">{t('classes:matrix.sortScore')}</option>
            <option value="solved">{t('classes:matrix.sortSolved')}</option>
          </NativeSelect>
        </div>
        <label className="flex h-10 items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="idle"
            checked={isIdleOnly}
            onChange={(e) => setIdleOnly(e.target.checked)}
            className="size-4 accent-primary"
          />
          {t('classes:matrix.filterIdle')}
        </label>
        <Button variant="outline" asChild>
          <a href={progressCsvUrl(progress.class.id)} download>
            {t('classes:matrix.exportCsv')}
          </a>
        </Button>
      </div>
      <MatrixLegend />
      {progress.students.length === 0 ? (
        <p className="text-muted-foreground">{t('classes:matrix.noStudents')}</p>
      ) : students.length === 0 || challenges.length === 0 ? (
        <p className="text-muted-foreground">{t('classes:matrix.noneMatch')}</p>
      ) : (
        <div
          // Relative: the cells' screen-reader texts (absolutely placed) stay inside the frame, not widening the page.
          className="relative max-h-[70vh] overflow-auto rounded-md border border-border/60"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (axe scrollable-region-focusable).
          tabIndex={0}
          role="region"
          aria-label={t('classes:matrix.scrollRegion')}
          data-testid="matrix-frame"
        >
          <TooltipProvider>
            <table className="border-separate border-spacing-0 text-sm" aria-label={t('classes:matrix.title')}>
              <thead className="sticky top-0 z-20 bg-card">
                <tr className="text-left text-muted-foreground">
                  <th rowSpan={2} scope="col" className="sticky left-0 z-30 border-b bg-card px-3 py-2 align-bottom font-medium">
                    {t('classes:matrix.student')}
                  </th>
                  <th rowSpan={2} scope="col" className="border-b px-2 py-2 text-right align-bottom font-medium">
                    {t('classes:matrix.sortScore')}
                  </th>
                  <th rowSpan={2} scope="col" className="border-b px-2 py-2 text-right align-bottom font-medium">
                    {t('classes:matrix.sortSolved')}
                  </th>
                  {groups.map((group) => (
                    <th
                      key={group.category}
                      colSpan={group.challenges.length}
                      scope="colgroup"
                      className="border-l px-2 pt-2 pb-1 text-xs font-semibold whitespace-nowrap text-foreground"
                    >
                      <span className="sticky left-40">{categoryName(group.category)}</span>
                    </th>
                  ))}
                </tr>
                <tr className="text-left text-muted-foreground">
                  {groups.flatMap((group) =>
                    group.challenges.map((c, index) => (
                      <th
                        key={c.id}
                        scope="col"
                        className={cn('border-b px-1 py-1 text-xs font-medium', index === 0 && 'border-l')}
                      >
                        <WithTooltip label={c.title[locale]}>
                          <span
                            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the full title shows on focus too.
                            tabIndex={0}
                            className="block w-16 truncate rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
                          >
                            {c.title[locale]}
                          </span>
                        </WithTooltip>
                      </th>
                    )),
                  )}
                </tr>
              </thead>
              <tbody>
                {students.map((student) => (
                  <tr key={student.uid}>
                    <th
                      scope="row"
                      className="sticky left-0 z-10 border-b border-border/60 bg-card px-3 py-1.5 text-left font-medium whitespace-nowrap"
                    >
                      <span className="flex items-center gap-1">
                        {student.username}
                        <Button
                          size="icon"
                          variant="ghost"
                          className="size-6"
                          aria-label={t('classes:matrix.removeStudent', { name: student.username })}
                          onClick={() => removeStudent(student)}
                        >
                          <X aria-hidden="true" />
                        </Button>
                      </span>
                    </th>
                    <td className="border-b border-border/60 px-2 py-1.5 text-right tabular-nums">{student.score}</td>
                    <td className="border-b border-border/60 px-2 py-1.5 text-right tabular-nums">{solvedCount(student)}</td>
                    {groups.flatMap((group) =>
                      group.challenges.map((c, index) => {
                        const cell = student.cells[c.id];
                        const parts = cell
                          ? [
                              cell.solvedAt
                                ? t('classes:matrix.solvedAt', { date: formatDateTime(cell.solvedAt, locale) })
                                : null,
                              cell.hintsOpened > 0 ? t('classes:matrix.hints', { count: cell.hintsOpened }) : null,
                              cell.wrongAttempts > 0 ? t('classes:matrix.wrong', { count: cell.wrongAttempts }) : null,
                            ].filter((p) => p !== null)
                          : [];
                        const label = parts.length > 0 ? parts.join(' · ') : t('classes:matrix.notStarted');
                        return (
                          <td
                            key={c.id}
                            className={cn('border-b border-border/60 px-1 py-1.5 text-center', index === 0 && 'border-l')}
                            title={label}
                            data-testid={`cell-${student.username}-${c.id}`}
                          >
                            <span className="sr-only">{label}</span>
                            <CellMarks cell={cell} />
                          </td>
                        );
                      }),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TooltipProvider>
        </div>
      )}
    </div>
  );
}
