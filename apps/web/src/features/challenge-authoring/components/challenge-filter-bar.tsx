import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { CHALLENGE_STATES } from '@drapeau/shared';
import { LEVELS } from '@drapeau/shared/constants';

import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

import type { ChallengeFilters } from '../api/get-admin-challenges';

import { SelectField, type Option } from './select-field';

/** Radix Select items cannot have an empty value; this one stands for "no filter". */
const ALL = 'all';

interface ChallengeFilterBarProps {
  filters: ChallengeFilters;
  categories: Option[];
  onChange: (next: ChallengeFilters) => void;
}

/** Search (id, titles, author, tags) and filters: category, level, state, has French. */
export function ChallengeFilterBar({ filters, categories, onChange }: ChallengeFilterBarProps) {
  const { t } = useTranslation(['authoring', 'difficulties']);
  const id = useId();
  const any = { value: ALL, label: t('authoring:list.any') };

  function select(key: keyof ChallengeFilters) {
    return (value: string) => onChange({ ...filters, [key]: value === ALL ? '' : value });
  }

  return (
    <div role="search" aria-label={t('authoring:list.filters')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-search`}>{t('authoring:list.search')}</Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={filters.search}
          placeholder={t('authoring:list.searchPlaceholder')}
          onChange={(event) => onChange({ ...filters, search: event.target.value })}
        />
      </div>
      <SelectField
        label={t('authoring:fields.category')}
        value={filters.category || ALL}
        options={[any, ...categories]}
        onChange={select('category')}
      />
      <SelectField
        label={t('authoring:fields.level')}
        value={filters.level || ALL}
        options={[any, ...LEVELS.map((level) => ({ value: level, label: t(`difficulties:${level}`) }))]}
        onChange={select('level')}
      />
      <SelectField
        label={t('authoring:fields.state')}
        value={filters.state || ALL}
        options={[any, ...CHALLENGE_STATES.map((state) => ({ value: state, label: t(`authoring:states.${state}`) }))]}
        onChange={select('state')}
      />
      <SelectField
        label={t('authoring:list.hasFrench')}
        value={filters.hasFrench || ALL}
        options={[
          any,
          { value: 'true', label: t('authoring:list.frenchYes') },
          { value: 'false', label: t('authoring:list.frenchNo') },
        ]}
        onChange={select('hasFrench')}
      />
    </div>
  );
}
