import { useTranslation } from 'react-i18next';

import type { AdminChallengeSummary } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { pickText, useLocale } from '@/lib/use-locale';

import { useDeleteChallenge } from '../api/mutate-challenge';

interface DeleteChallengeDialogProps {
  challenge: AdminChallengeSummary | null;
  onClose: () => void;
}

/** Deleting says how many solves go with the challenge; the scores change in the same transaction on the server. */
export function DeleteChallengeDialog({ challenge, onClose }: DeleteChallengeDialogProps) {
  const { t } = useTranslation(['authoring', 'errors', 'common']);
  const locale = useLocale();
  const remove = useDeleteChallenge();
  const title = challenge ? pickText(challenge.title, locale) || challenge.id : '';

  function confirm() {
    if (!challenge) return;
    remove.mutate(challenge.id, {
      onSuccess: (result) => {
        toast({ title: t('authoring:delete.done', { title, count: result.deletedSolves }) });
        onClose();
      },
    });
  }

  return (
    <Dialog
      open={challenge !== null}
      onOpenChange={(open) => {
        if (open || remove.isPending) return;
        remove.reset();
        onClose();
      }}
    >
      <DialogContent closeLabel={t('common:close')}>
        <DialogHeader>
          <DialogTitle>{t('authoring:delete.title', { title })}</DialogTitle>
          <DialogDescription>
            {challenge && challenge.solveCount > 0
              ? t('authoring:delete.withSolves', { count: challenge.solveCount })
              : t('authoring:delete.noSolves')}
          </DialogDescription>
        </DialogHeader>
        {remove.error && (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(t, remove.error)}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            {t('authoring:editor.cancel')}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {t('authoring:delete.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
