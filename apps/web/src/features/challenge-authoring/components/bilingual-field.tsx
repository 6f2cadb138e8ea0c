import { Eye, PenLine } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Markdown } from '@/components/ui/markdown';
import { Textarea } from '@/components/ui/textarea';

import type { Bilingual } from './challenge-draft';

interface BilingualFieldProps {
  label: string;
  value: Bilingual;
  onChange: (value: Bilingual) => void;
  /** Markdown text: a textarea with a preview, rendered as players will see it. */
  isMarkdown?: boolean;
  /** English is required; French is always optional (players then read the English). */
  isRequired?: boolean;
}

const LANGUAGES = ['en', 'fr'] as const;

/** One text in English and French side by side; a missing French text is flagged, not refused. */
export function BilingualField({ label, value, onChange, isMarkdown = false, isRequired = false }: BilingualFieldProps) {
  const { t } = useTranslation('authoring');
  const id = useId();
  const [isPreview, setIsPreview] = useState(false);

  return (
    // min-w-0: a fieldset is at least as wide as its content by default, and a long French button pushed the editor past
    // a phone's width.
    <fieldset className="grid min-w-0 gap-2">
      <div className="flex items-center justify-between gap-2">
        <legend className="text-sm font-medium">{label}</legend>
        {isMarkdown && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-auto min-h-8 shrink whitespace-normal text-left"
            aria-pressed={isPreview}
            onClick={() => setIsPreview((on) => !on)}
          >
            {isPreview ? <PenLine /> : <Eye />}
            {isPreview ? t('editor.write', { field: label }) : t('editor.preview', { field: label })}
          </Button>
        )}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        {LANGUAGES.map((language) => {
          const fieldId = `${id}-${language}`;
          const text = value[language];
          const fieldLabel = t(`editor.language.${language}`, { field: label });
          const isMissing = language === 'fr' && text.trim() === '' && value.en.trim() !== '';
          return (
            <div key={language} className="grid content-start gap-1.5">
              <Label htmlFor={fieldId} className="text-xs text-muted-foreground">
                {fieldLabel}
              </Label>
              {isPreview ? (
                <div
                  aria-label={t('editor.previewOf', { field: fieldLabel })}
                  role="region"
                  className="min-h-24 rounded-lg border border-dashed p-3 text-sm"
                >
                  <Markdown>{text || (language === 'fr' ? value.en : '')}</Markdown>
                </div>
              ) : isMarkdown ? (
                <Textarea
                  id={fieldId}
                  value={text}
                  rows={6}
                  lang={language}
                  required={isRequired && language === 'en'}
                  onChange={(event) => onChange({ ...value, [language]: event.target.value })}
                  className="font-mono text-sm"
                />
              ) : (
                <Input
                  id={fieldId}
                  value={text}
                  lang={language}
                  required={isRequired && language === 'en'}
                  onChange={(event) => onChange({ ...value, [language]: event.target.value })}
                />
              )}
              {isMissing && <p className="text-xs text-warning">{t('editor.translationMissing')}</p>}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
