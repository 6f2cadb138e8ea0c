import { Check, Copy, Flag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

/** The flag the server handed back, to copy into the flag form below the exercise. */
export function FlagReveal({ flag }: { flag: string }) {
  const { t } = useTranslation('labs');
  const [isCopied, setIsCopied] = useState(false);

  async function copyFlag() {
    try {
      await navigator.clipboard.writeText(flag);
      setIsCopied(true);
    } catch {
      // Clipboard access can be refused; the flag stays selectable.
    }
  }

  return (
    <div className="flex animate-pop-in flex-col gap-2 rounded-lg border border-primary/50 bg-primary/10 p-4" role="status">
      <p className="flex items-center gap-2 text-sm font-semibold text-primary">
        <Flag className="size-4" aria-hidden="true" />
        {t('common.flagCaptured')}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="rounded-md bg-black/50 px-2 py-1 font-mono text-sm break-all text-foreground select-all">{flag}</code>
        <Button variant="outline" size="sm" onClick={() => void copyFlag()}>
          {isCopied ? <Check /> : <Copy />}
          {isCopied ? t('common.copied') : t('common.copy')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t('common.submitBelow')}</p>
    </div>
  );
}
