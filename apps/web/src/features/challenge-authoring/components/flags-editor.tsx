import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { FLAG_KINDS, FLAG_MATCHERS, type FlagKind, type FlagMatcher } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

import { EMPTY_FLAG, type FlagDraft } from './challenge-draft';
import { SelectField } from './select-field';

interface FlagsEditorProps {
  flags: FlagDraft[];
  onChange: (flags: FlagDraft[]) => void;
}

/**
 * Several flags, any of them accepted. Static flags are written here (exact, case-insensitive or a regex matched in
 * full by a linear-time engine: the server refuses a pattern it cannot run, with the reason). Derived and per-user
 * flags are made by the server from the deployment secret.
 */
export function FlagsEditor({ flags, onChange }: FlagsEditorProps) {
  const { t } = useTranslation('authoring');
  const id = useId();

  function update(index: number, next: FlagDraft) {
    onChange(flags.map((flag, i) => (i === index ? next : flag)));
  }

  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">{t('flags.title')}</legend>
      <p className="text-xs text-muted-foreground">{t('flags.help')}</p>
      <ol className="grid gap-3">
        {flags.map((flag, index) => (
          <li key={index} className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[10rem_12rem_minmax(0,1fr)_auto] sm:items-end">
            <SelectField
              label={t('flags.kind', { number: index + 1 })}
              value={flag.kind}
              options={FLAG_KINDS.map((kind) => ({ value: kind, label: t(`flags.kinds.${kind}`) }))}
              onChange={(kind) => update(index, { ...flag, kind: kind as FlagKind })}
            />
            {flag.kind === 'static' ? (
              <>
                <SelectField
                  label={t('flags.matcher', { number: index + 1 })}
                  value={flag.matcher}
                  options={FLAG_MATCHERS.map((matcher) => ({ value: matcher, label: t(`flags.matchers.${matcher}`) }))}
                  onChange={(matcher) => update(index, { ...flag, matcher: matcher as FlagMatcher })}
                />
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-${index}`}>{t('flags.content', { number: index + 1 })}</Label>
                  <Input
                    id={`${id}-${index}`}
                    value={flag.content}
                    onChange={(event) => update(index, { ...flag, content: event.target.value })}
                    placeholder={flag.matcher === 'regex' ? 'CTF\\{[a-z0-9_]+\\}' : 'CTF{...}'}
                    className="font-mono"
                    autoComplete="off"
                    spellCheck={false}
                  />
                </div>
              </>
            ) : (
              <p className="text-xs text-muted-foreground sm:col-span-2">{t(`flags.generated.${flag.kind}`)}</p>
            )}
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t('flags.remove', { number: index + 1 })}
              disabled={flags.length === 1}
              onClick={() => onChange(flags.filter((_, i) => i !== index))}
            >
              <Trash2 />
            </Button>
          </li>
        ))}
      </ol>
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => onChange([...flags, { ...EMPTY_FLAG }])}>
        <Plus />
        {t('flags.add')}
      </Button>
    </fieldset>
  );
}
