import { FileX, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import type {
  ImportChallengeWarning,
  ImportParams,
  ImportProblem,
  ImportProblemReason,
  ImportReport,
  ImportSkipped,
  ImportWarning,
} from '@drapeau/shared';

import type { ApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/error-message';

/**
 * The whole answer of an import (docs/challenge-authoring.md "Imports: limits and errors"): what each challenge became,
 * its warnings, and the files skipped as not challenges; on a refusal, the problems and, beside them, the same warnings
 * and skipped files, so that one answer says all there is to fix.
 */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation('authoring');
  const warningCount = report.challenges.reduce((n, challenge) => n + challenge.warnings.length, 0);
  return (
    <div role="status" className="grid gap-3 text-sm">
      <p className="font-medium text-primary">
        {t('import.done', { created: report.created, updated: report.updated, unchanged: report.unchanged })}
      </p>
      {report.createdCategories.length > 0 && (
        <p>{t('import.newCategories', { categories: report.createdCategories.join(', ') })}</p>
      )}
      {warningCount > 0 && (
        <p className="flex items-start gap-2 text-warning">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-medium">{t('import.warningsTitle', { count: warningCount })}</span> {t('import.warningsHelp')}
          </span>
        </p>
      )}
      <ul className="grid max-h-96 gap-1.5 overflow-y-auto" aria-label={t('import.title')}>
        {report.challenges.map((challenge) => (
          <li key={challenge.id} className="grid gap-0.5" data-testid="import-challenge">
            <span className="flex flex-wrap gap-x-2">
              <span className="font-mono text-xs break-all">{challenge.id}</span>
              <span>{t(`import.actions.${challenge.action}`)}</span>
              <span className="text-muted-foreground">{t('import.files', { count: challenge.fileCount })}</span>
            </span>
            {challenge.warnings.length > 0 && (
              <WarningList warnings={challenge.warnings.map((warning) => ({ file: challenge.source, ...warning }))} />
            )}
          </li>
        ))}
      </ul>
      <SkippedList skipped={report.skipped ?? []} />
    </div>
  );
}

/** A refused import: the problems by file, line and field, then the warnings and the skipped files. */
export function ImportRefusal({ error }: { error: Error }) {
  const { t } = useTranslation(['authoring', 'errors']);
  const words = useReportWords();
  const { problems, warnings, skipped } = importDetails(error);
  return (
    <div role="alert" className="grid gap-3 text-sm">
      <p className="font-medium text-destructive">{getErrorMessage(t, error)}</p>
      {problems.length > 0 && (
        <section className="grid gap-1">
          <h4 className="font-medium">{t('authoring:import.refusedProblems', { count: problems.length })}</h4>
          <ul className="grid list-disc gap-1 pl-5">
            {problems.map((problem, index) => (
              <li key={index} className="break-words">
                <span className="font-mono text-xs break-all">
                  {problem.file || t('authoring:import.archive')}
                  {problem.line !== null && `:${problem.line}`}
                  {problem.field !== null && ` ${problem.field}`}
                </span>{' '}
                {t('authoring:import.problemWords', {
                  problem: t(`authoring:import.problems.${problem.code}`),
                  reason: words.problem(problem),
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {warnings.length > 0 && (
        <section className="grid gap-1">
          <h4 className="flex items-center gap-2 font-medium text-warning">
            <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
            {t('authoring:import.warningsTitle', { count: warnings.length })}
          </h4>
          <p className="text-muted-foreground">{t('authoring:import.warningsRefused')}</p>
          <WarningList warnings={warnings} />
        </section>
      )}
      <SkippedList skipped={skipped} />
    </div>
  );
}

function importDetails(error: Error): { problems: ImportProblem[]; warnings: ImportWarning[]; skipped: ImportSkipped[] } {
  const details = error as Partial<Pick<ApiError, 'problems' | 'warnings' | 'skipped'>>;
  return { problems: details.problems ?? [], warnings: details.warnings ?? [], skipped: details.skipped ?? [] };
}

/**
 * The sentences of a report, in the UI's language, from each warning's or problem's code and values (the server's English
 * `message` is for the command line; a code this page does not know yet shows it).
 */
function useReportWords() {
  const { t } = useTranslation('authoring');
  const reason = (code: ImportProblemReason, params: ImportParams, message: string) =>
    t(`import.reasons.${code}`, { ...params, defaultValue: message });
  return {
    problem: (problem: ImportProblem) => reason(problem.reason, problem.params, problem.message),
    warning: ({ code, params, message }: ImportChallengeWarning) => {
      // A service left out names the problem it would be (its reason, with its values beside it).
      const { reason: leftOut, importedAs, ...values } = params;
      return t(`import.warnings.${code}`, {
        ...values,
        ...(importedAs === undefined ? {} : { importedAs: t(`import.importedAs.${importedAs}`) }),
        ...(leftOut === undefined ? {} : { reason: reason(leftOut as ImportProblemReason, values, message) }),
        defaultValue: message,
      });
    },
  };
}

/** Each warning beside its file and the challenge.yml field it is about. */
function WarningList({ warnings }: { warnings: ImportWarning[] }) {
  const words = useReportWords();
  return (
    <ul className="grid gap-0.5 pl-5" data-testid="import-warnings">
      {warnings.map((warning, index) => (
        <li key={index} className="flex items-start gap-1.5 text-warning">
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">
            <span className="font-mono text-xs break-all text-muted-foreground">{warning.file}</span>{' '}
            <span className="font-mono text-xs break-all">{warning.field}</span> {words.warning(warning)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function SkippedList({ skipped }: { skipped: ImportSkipped[] }) {
  const { t } = useTranslation('authoring');
  if (skipped.length === 0) return null;
  return (
    <section className="grid gap-1" data-testid="import-skipped">
      <h4 className="flex items-center gap-2 font-medium">
        <FileX className="size-4 shrink-0" aria-hidden="true" />
        {t('import.skippedTitle', { count: skipped.length })}
      </h4>
      <p className="text-muted-foreground">{t('import.skippedHelp')}</p>
      <ul className="grid list-disc gap-0.5 pl-5">
        {skipped.map((entry) => (
          <li key={entry.file} className="break-words">
            <span className="font-mono text-xs break-all">{entry.file}</span>:{' '}
            {t(`import.skipped.${entry.code}`, { kept: entry.kept ?? '' })}
          </li>
        ))}
      </ul>
    </section>
  );
}
