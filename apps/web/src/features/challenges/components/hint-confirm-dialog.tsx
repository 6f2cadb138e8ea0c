import { LockOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

interface HintConfirmDialogProps {
  /** The hint's number as players see it (1, 2…); null closes the dialog. */
  hintNumber: number | null;
  cost: number;
  /** What a solve gives this player now, before this hint (docs/decisions on scoring: never below 0). */
  pointsIfSolved: number;
  /** Already solved: the cost comes off the score at once. */
  isSolved: boolean;
  isPending: boolean;
  errorMessage: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A costly hint opens only after the player has seen what it costs and said yes. */
export function HintConfirmDialog({
  hintNumber,
  cost,
  pointsIfSolved,
  isSolved,
  isPending,
  errorMessage,
  onConfirm,
  onCancel,
}: HintConfirmDialogProps) {
  const { t } = useTranslation(['challenge', 'common']);
  const after = Math.max(0, pointsIfSolved - cost);
  const costText = t('common:points', { count: cost });

  return (
    <Dialog open={hintNumber !== null} onOpenChange={(open) => !open && !isPending && onCancel()}>
      <DialogContent closeLabel={t('common:close')}>
        <DialogHeader>
          <DialogTitle>{t('challenge:hints.confirm.title', { number: hintNumber ?? 0 })}</DialogTitle>
          <DialogDescription>{t('challenge:hints.confirm.cost', { cost: costText })}</DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          {t(isSolved ? 'challenge:hints.confirm.effectSolved' : 'challenge:hints.confirm.effect', {
            before: t('common:points', { count: pointsIfSolved }),
            after: t('common:points', { count: after }),
          })}
        </p>
        {errorMessage !== null && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={isPending}>
            {t('challenge:hints.confirm.cancel')}
          </Button>
          <Button onClick={onConfirm} disabled={isPending}>
            {isPending ? <Spinner className="text-current" label={t('challenge:hints.confirm.opening')} /> : <LockOpen />}
            {t('challenge:hints.confirm.accept', { cost: costText })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
