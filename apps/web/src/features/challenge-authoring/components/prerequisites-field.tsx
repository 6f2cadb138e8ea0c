import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminChallengeSummary } from '@drapeau/shared';

import { Input } from '@/components/ui/input';
import { pickText, useLocale } from '@/lib/use-locale';

interface PrerequisitesFieldProps {
  /** Every other challenge (the one edited is left out). */
  challenges: AdminChallengeSummary[];
  value: string[];
  onChange: (ids: string[]) => void;
}

/** Challenges a player must solve before this one unlocks; the server refuses a cycle. */
export function PrerequisitesField({ challenges, value, onChange }: PrerequisitesFieldProps) {
  const { t } = useTranslation('authoring');
  const locale = useLocale();
  const id = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = challenges.filter(
    (challenge) =>
      value.includes(challenge.id) ||
      needle === '' ||
      challenge.id.includes(needle) ||
      pickText(challenge.title, locale).toLowerCase().includes(needle),
  );

  function toggle(challengeId: string, isChecked: boolean) {
    onChange(isChecked ? [...value, challengeId] : value.filter((other) => other !== challengeId));
  }

  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">{t('prerequisites.title')}</legend>
      <p className="text-xs text-muted-foreground">{t('prerequisites.help')}</p>
      <Input
        type="search"
        aria-label={t('prerequisites.search')}
        placeholder={t('prerequisites.search')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        className="max-w-sm"
      />
      <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border p-2 sm:grid-cols-2">
        {shown.map((challenge) => (
          <li key={challenge.id}>
            <label htmlFor={`${id}-${challenge.id}`} className="flex items-center gap-2 text-sm">
              <input
                id={`${id}-${challenge.id}`}
                type="checkbox"
                className="size-4 accent-primary"
                checked={value.includes(challenge.id)}
                onChange={(event) => toggle(challenge.id, event.target.checked)}
              />
              <span className="truncate">{pickText(challenge.title, locale)}</span>
            </label>
          </li>
        ))}
        {shown.length === 0 && <li className="text-xs text-muted-foreground">{t('prerequisites.none')}</li>}
      </ul>
    </fieldset>
  );
}
