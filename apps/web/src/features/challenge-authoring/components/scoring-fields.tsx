import { useTranslation } from 'react-i18next';

import { DECAY_FUNCTIONS } from '@drapeau/shared';

import type { ChallengeDraft } from './challenge-draft';
import { NumberField } from './number-field';
import { SelectField } from './select-field';

type ScoringDraft = Pick<ChallengeDraft, 'scoringType' | 'points' | 'initial' | 'decay' | 'minimum' | 'decayFunction'>;

interface ScoringFieldsProps {
  draft: ScoringDraft;
  onChange: (next: Partial<ScoringDraft>) => void;
}

/** Static points, or CTFd's dynamic value (retroactive for every solver: docs/decisions on scoring). */
export function ScoringFields({ draft, onChange }: ScoringFieldsProps) {
  const { t } = useTranslation('authoring');
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">{t('scoring.title')}</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <SelectField
          label={t('scoring.type')}
          value={draft.scoringType}
          options={[
            { value: 'static', label: t('scoring.static') },
            { value: 'dynamic', label: t('scoring.dynamic') },
          ]}
          onChange={(value) => onChange({ scoringType: value === 'dynamic' ? 'dynamic' : 'static' })}
        />
        {draft.scoringType === 'static' ? (
          <NumberField label={t('scoring.points')} value={draft.points} onChange={(points) => onChange({ points })} />
        ) : (
          <>
            <NumberField label={t('scoring.initial')} value={draft.initial} onChange={(initial) => onChange({ initial })} />
            <NumberField label={t('scoring.decay')} value={draft.decay} min={1} onChange={(decay) => onChange({ decay })} />
            <NumberField label={t('scoring.minimum')} value={draft.minimum} onChange={(minimum) => onChange({ minimum })} />
            <SelectField
              label={t('scoring.function')}
              value={draft.decayFunction}
              options={DECAY_FUNCTIONS.map((fn) => ({ value: fn, label: t(`scoring.functions.${fn}`) }))}
              onChange={(value) => onChange({ decayFunction: value === 'linear' ? 'linear' : 'logarithmic' })}
            />
          </>
        )}
      </div>
      {draft.scoringType === 'dynamic' && (
        <p className="text-xs text-muted-foreground">{t(`scoring.help.${draft.decayFunction}`)}</p>
      )}
    </fieldset>
  );
}
