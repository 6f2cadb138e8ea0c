import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

import { BilingualField } from './bilingual-field';
import { EMPTY_HINT, type HintDraft } from './challenge-draft';

interface HintsEditorProps {
  hints: HintDraft[];
  onChange: (hints: HintDraft[]) => void;
}

/** Hints in the order players meet them; a cost is taken from what the challenge gives when solved (0 = free). */
export function HintsEditor({ hints, onChange }: HintsEditorProps) {
  const { t } = useTranslation('authoring');
  const id = useId();

  function update(index: number, next: HintDraft) {
    onChange(hints.map((hint, i) => (i === index ? next : hint)));
  }

  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">{t('hints.title')}</legend>
      {hints.length === 0 && <p className="text-xs text-muted-foreground">{t('hints.none')}</p>}
      <ol className="grid gap-3">
        {hints.map((hint, index) => (
          <li key={index} className="grid gap-3 rounded-lg border p-3">
            <BilingualField
              label={t('hints.hint', { number: index + 1 })}
              value={hint.content}
              onChange={(content) => update(index, { ...hint, content })}
              isMarkdown
              isRequired
            />
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-${index}-cost`}>{t('hints.cost', { number: index + 1 })}</Label>
                <Input
                  id={`${id}-${index}-cost`}
                  type="number"
                  min={0}
                  inputMode="numeric"
                  value={hint.cost}
                  onChange={(event) => update(index, { ...hint, cost: event.target.value })}
                  className="w-32"
                />
              </div>
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange(hints.filter((_, i) => i !== index))}>
                <Trash2 />
                {t('hints.remove', { number: index + 1 })}
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => onChange([...hints, structuredClone(EMPTY_HINT)])}
      >
        <Plus />
        {t('hints.add')}
      </Button>
    </fieldset>
  );
}
