import { ChevronDown, Lightbulb, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { PublicHint } from '@drapeau/shared';

import { Markdown } from '@/components/ui/markdown';
import { getErrorMessage } from '@/lib/error-message';
import { pickText, useLocale } from '@/lib/use-locale';
import { cn } from '@/lib/utils';

import { useOpenHint } from '../api/open-hint';

import { HintConfirmDialog } from './hint-confirm-dialog';

interface ChallengeHintsProps {
  challengeId: string;
  hints: PublicHint[];
  /** What a solve gives now, before the costs of the hints already opened. */
  points: number;
  isSolved: boolean;
  /** Closed challenges are read-only: hints that cost points can no longer be opened. */
  isReadOnly: boolean;
}

const HINT_ROW =
  'flex w-full items-center gap-2 rounded-lg px-4 py-3 text-left text-sm font-medium text-amber-200 transition-colors outline-none hover:bg-amber-400/10 focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Every hint of a challenge, in order. A free hint opens like a disclosure; one that costs points opens only after a
 * confirmation that shows its cost, and stays open afterwards (the server remembers it per player).
 */
export function ChallengeHints({ challengeId, hints, points, isSolved, isReadOnly }: ChallengeHintsProps) {
  const { t } = useTranslation(['challenge', 'common', 'errors']);
  const [pendingHintId, setPendingHintId] = useState<number | null>(null);
  const openHint = useOpenHint(challengeId);
  const spent = hints.filter((hint) => hint.isOpened).reduce((total, hint) => total + hint.cost, 0);
  const pointsIfSolved = Math.max(0, points - spent);
  const pendingIndex = hints.findIndex((hint) => hint.id === pendingHintId);
  const pending = hints[pendingIndex];

  function close() {
    setPendingHintId(null);
    openHint.reset();
  }

  function confirm() {
    if (pendingHintId === null) return;
    openHint.mutate(pendingHintId, { onSuccess: () => setPendingHintId(null) });
  }

  if (hints.length === 0) return null;
  return (
    <section className="grid gap-2" aria-labelledby={`${challengeId}-hints`}>
      <h2 id={`${challengeId}-hints`} className="text-sm font-medium text-muted-foreground">
        {t('challenge:hints.title')}
      </h2>
      <ul className="grid gap-2">
        {hints.map((hint, index) => (
          <li key={hint.id} className="rounded-lg border border-amber-400/30 bg-amber-400/5">
            {hint.content === null ? (
              <button type="button" className={HINT_ROW} disabled={isReadOnly} onClick={() => setPendingHintId(hint.id)}>
                <Lock className="size-4" aria-hidden="true" />
                <span className="flex-1">{t(hintKey('unlock', hints.length), { number: index + 1 })}</span>
                <span className="rounded-full bg-amber-400/15 px-2 py-0.5 text-xs">
                  {t('challenge:hints.cost', { cost: t('common:points', { count: hint.cost }) })}
                </span>
              </button>
            ) : (
              <HintDisclosure
                number={index + 1}
                isOnly={hints.length === 1}
                cost={hint.cost}
                isOpened={hint.isOpened}
                text={hint.content}
              />
            )}
          </li>
        ))}
      </ul>
      <HintConfirmDialog
        hintNumber={pending ? pendingIndex + 1 : null}
        cost={pending?.cost ?? 0}
        pointsIfSolved={pointsIfSolved}
        isSolved={isSolved}
        isPending={openHint.isPending}
        errorMessage={openHint.error ? getErrorMessage(t, openHint.error) : null}
        onConfirm={confirm}
        onCancel={close}
      />
    </section>
  );
}

/** With a single hint, its labels carry no number ("Show hint", as docs/product.md#challenge-detail words it). */
function hintKey(action: 'show' | 'hide' | 'unlock', count: number): string {
  return count === 1 ? `challenge:hints.${action}Only` : `challenge:hints.${action}`;
}

interface HintDisclosureProps {
  number: number;
  isOnly: boolean;
  cost: number;
  /** Opened on purpose (a costly hint): shown at once. A free hint stays folded until asked for (docs/product.md#challenge-detail). */
  isOpened: boolean;
  text: { en: string; fr: string };
}

function HintDisclosure({ number, isOnly, cost, isOpened, text }: HintDisclosureProps) {
  const { t } = useTranslation(['challenge', 'common']);
  const locale = useLocale();
  const [isShown, setIsShown] = useState(isOpened && cost > 0);
  const contentId = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={isShown}
        aria-controls={contentId}
        onClick={() => setIsShown((shown) => !shown)}
        className={HINT_ROW}
      >
        <Lightbulb className="size-4" aria-hidden="true" />
        <span className="flex-1">{t(hintKey(isShown ? 'hide' : 'show', isOnly ? 1 : 2), { number })}</span>
        {cost > 0 && (
          <span className="text-xs text-amber-200/80">
            {t('challenge:hints.paid', { cost: t('common:points', { count: cost }) })}
          </span>
        )}
        <ChevronDown className={cn('size-4 transition-transform', isShown && 'rotate-180')} aria-hidden="true" />
      </button>
      {isShown && (
        <Markdown id={contentId} className="animate-fade-in px-4 pb-4 text-sm text-amber-50/90">
          {pickText(text, locale)}
        </Markdown>
      )}
    </>
  );
}
