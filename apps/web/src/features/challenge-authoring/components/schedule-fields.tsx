import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { CHALLENGE_STATES, type ChallengeState } from '@drapeau/shared';

import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

import type { ChallengeDraft } from './challenge-draft';
import { NumberField } from './number-field';
import { SelectField } from './select-field';

type ScheduleDraft = Pick<ChallengeDraft, 'opensAt' | 'closesAt' | 'maxAttempts' | 'state'>;

interface ScheduleFieldsProps {
  draft: ScheduleDraft;
  onChange: (next: Partial<ScheduleDraft>) => void;
}

/** When players see it (state, open and close times, in the admin's time zone) and how many tries they get. */
export function ScheduleFields({ draft, onChange }: ScheduleFieldsProps) {
  const { t } = useTranslation('authoring');
  const id = useId();
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">{t('schedule.title')}</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label={t('schedule.state')}
          value={draft.state}
          options={CHALLENGE_STATES.map((state) => ({ value: state, label: t(`states.${state}`) }))}
          onChange={(state) => onChange({ state: state as ChallengeState })}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-opens`}>{t('schedule.opensAt')}</Label>
          <Input
            id={`${id}-opens`}
            type="datetime-local"
            value={draft.opensAt}
            onChange={(event) => onChange({ opensAt: event.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-closes`}>{t('schedule.closesAt')}</Label>
          <Input
            id={`${id}-closes`}
            type="datetime-local"
            value={draft.closesAt}
            onChange={(event) => onChange({ closesAt: event.target.value })}
          />
        </div>
        <NumberField
          label={t('schedule.maxAttempts')}
          value={draft.maxAttempts}
          min={1}
          placeholder={t('schedule.unlimited')}
          onChange={(maxAttempts) => onChange({ maxAttempts })}
        />
      </div>
      <p className="text-xs text-muted-foreground">{t('schedule.help')}</p>
    </fieldset>
  );
}
