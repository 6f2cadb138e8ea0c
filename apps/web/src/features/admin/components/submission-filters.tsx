import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { ChallengeSummary } from '@drapeau/shared';

import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { pickText, useLocale } from '@/lib/use-locale';

import type { SubmissionFilters } from '../api/admin-keys';

/** Radix Select items cannot have an empty value; this one stands for "no filter". */
const ALL = 'all';

interface SubmissionFilterBarProps {
  /** The user filter as typed (the query uses it once typing pauses). */
  filters: SubmissionFilters;
  challenges: ChallengeSummary[];
  onChange: (next: SubmissionFilters) => void;
}

function toResult(value: string): SubmissionFilters['result'] {
  return value === 'correct' || value === 'incorrect' ? value : '';
}

/** Filters of the Submissions tab: user (username, email or id), challenge, and result. */
export function SubmissionFilterBar({ filters, challenges, onChange }: SubmissionFilterBarProps) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const id = useId();
  return (
    <div role="search" aria-label={t('submissions.filters.label')} className="mb-4 grid gap-3 sm:grid-cols-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-user`}>{t('submissions.filters.user')}</Label>
        <Input
          id={`${id}-user`}
          type="search"
          value={filters.user}
          onChange={(event) => onChange({ ...filters, user: event.target.value })}
          placeholder={t('submissions.filters.userPlaceholder')}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-challenge`}>{t('submissions.filters.challenge')}</Label>
        <Select
          value={filters.challenge || ALL}
          onValueChange={(value) => onChange({ ...filters, challenge: value === ALL ? '' : value })}
        >
          <SelectTrigger id={`${id}-challenge`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t('submissions.filters.allChallenges')}</SelectItem>
            {challenges.map((challenge) => (
              <SelectItem key={challenge.id} value={challenge.id}>
                {pickText(challenge.title, locale)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-result`}>{t('submissions.filters.result')}</Label>
        <Select value={filters.result || ALL} onValueChange={(value) => onChange({ ...filters, result: toResult(value) })}>
          <SelectTrigger id={`${id}-result`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t('submissions.filters.all')}</SelectItem>
            <SelectItem value="correct">{t('submissions.correct')}</SelectItem>
            <SelectItem value="incorrect">{t('submissions.incorrect')}</SelectItem>
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
