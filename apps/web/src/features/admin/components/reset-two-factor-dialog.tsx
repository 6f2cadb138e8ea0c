import { ShieldOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import type { PublicUser } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';

import { useResetTwoFactor } from '../api/reset-two-factor';

/** Reset a player's second factor (a lost phone, no backup code left): a confirmation naming them; audited on the server. */
export function ResetTwoFactorDialog({ user, onClose }: { user: PublicUser | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const reset = useResetTwoFactor();

  function confirm() {
    if (!user) return;
    reset.mutate(user.uid, {
      onSuccess: () => {
        toast({ title: t('common:success'), description: t('admin:resetTwoFactor.success', { name: user.username }) });
        onClose();
      },
      onError: (error) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
    });
  }

  return (
    <Dialog open={user !== null} onOpenChange={(isOpen) => !isOpen && !reset.isPending && onClose()}>
      <DialogContent closeLabel={t('common:close')} role="alertdialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldOff className="size-5 text-amber-300" aria-hidden="true" />
            {t('admin:resetTwoFactor.title')}
          </DialogTitle>
          <DialogDescription>{t('admin:resetTwoFactor.confirm', { name: user?.username ?? '' })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={reset.isPending}>
            {t('admin:cancel')}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={reset.isPending}>
            {t('admin:resetTwoFactor.submit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
