import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import type { PublicUser } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';

import { useDeleteUser } from '../api/delete-user';

interface DeleteUserDialogProps {
  /** The user to delete; null when the dialog is closed. */
  user: PublicUser | null;
  onClose: () => void;
}

/**
 * Delete User (docs/product.md#admin-panel): a confirmation naming the user. The server refuses one's own account as well
 * (docs/product.md#validation).
 */
export function DeleteUserDialog({ user, onClose }: DeleteUserDialogProps) {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const removal = useDeleteUser();

  function confirm() {
    if (!user) return;
    removal.mutate(user.uid, {
      onSuccess: () => {
        toast({ title: t('common:success'), description: t('admin:delete.success') });
        onClose();
      },
      onError: (error) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
    });
  }

  return (
    <Dialog open={user !== null} onOpenChange={(isOpen) => !isOpen && !removal.isPending && onClose()}>
      <DialogContent closeLabel={t('common:close')} role="alertdialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <TriangleAlert className="size-5 text-destructive" aria-hidden="true" />
            {t('admin:delete.title')}
          </DialogTitle>
          <DialogDescription>{t('admin:delete.confirm', { name: user?.username ?? '' })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={removal.isPending}>
            {t('admin:cancel')}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={removal.isPending}>
            {removal.isPending && <Spinner className="text-current" label={t('admin:delete.submitting')} />}
            {removal.isPending ? t('admin:delete.submitting') : t('admin:delete.submit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
