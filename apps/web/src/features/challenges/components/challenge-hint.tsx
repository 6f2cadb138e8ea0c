import { ChevronDown, Lightbulb } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { cn } from '@/lib/utils';

/** The hint stays hidden until asked for. */
export function ChallengeHint({ hint }: { hint: string }) {
  const { t } = useTranslation('challenge');
  const [isOpen, setIsOpen] = useState(false);
  const contentId = useId();

  return (
    <div className="rounded-lg border border-amber-400/30 bg-amber-400/5">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={contentId}
        onClick={() => setIsOpen((open) => !open)}
        className="flex w-full items-center gap-2 rounded-lg px-4 py-3 text-left text-sm font-medium text-amber-200 transition-colors outline-none hover:bg-amber-400/10 focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Lightbulb className="size-4" aria-hidden="true" />
        <span className="flex-1">{isOpen ? t('hint.hide') : t('hint.show')}</span>
        <ChevronDown className={cn('size-4 transition-transform', isOpen && 'rotate-180')} aria-hidden="true" />
      </button>
      {isOpen && (
        <p id={contentId} className="animate-fade-in px-4 pb-4 text-sm whitespace-pre-wrap text-amber-50/90">
          {hint}
        </p>
      )}
    </div>
  );
}
