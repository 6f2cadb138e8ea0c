import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { Badge, PublicUser } from '@drapeau/shared';

import { BadgeIcon } from '@/components/ui/badge-icon';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { pickText, useLocale } from '@/lib/use-locale';

import { useAwardBadge } from '../api/award-badge';

interface AwardBadgeDialogProps {
  /** The user to award; null when the dialog is closed. */
  user: PublicUser | null;
  badges: Badge[];
  onClose: () => void;
}

/** Award Badge (docs/product.md#admin-panel): a badge select with a preview of the chosen badge's description. */
export function AwardBadgeDialog({ user, badges, onClose }: AwardBadgeDialogProps) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <Dialog open={user !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent closeLabel={t('common:close')}>
        {user && <AwardBadgeForm key={user.uid} user={user} badges={badges} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function AwardBadgeForm({ user, badges, onDone }: { user: PublicUser; badges: Badge[]; onDone: () => void }) {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const locale = useLocale();
  const id = useId();
  const award = useAwardBadge();
  const [badgeId, setBadgeId] = useState('');
  const selected = badges.find((badge) => badge.badgeId === badgeId);

  function showAlreadyAwarded() {
    toast({ variant: 'destructive', title: t('admin:award.alreadyAwardedTitle'), description: t('admin:award.alreadyAwarded') });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (badgeId === '') return;
    // docs/product.md#validation: a duplicate is refused here first; the server's 409 covers a change made meanwhile in another
    // tab.
    if (user.badges.includes(badgeId)) {
      showAlreadyAwarded();
      return;
    }
    award.mutate(
      { userId: user.uid, badgeId },
      {
        onSuccess: () => {
          toast({ title: t('common:success'), description: t('admin:award.success') });
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'ALREADY_AWARDED') showAlreadyAwarded();
          else toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) });
        },
      },
    );
  }

  return (
    <form className="grid gap-4" onSubmit={handleSubmit}>
      <DialogHeader>
        <DialogTitle>{t('admin:award.title')}</DialogTitle>
        <DialogDescription>{t('admin:award.description', { name: user.username })}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-badge`}>{t('admin:award.badge')}</Label>
        <Select value={badgeId} onValueChange={setBadgeId}>
          <SelectTrigger id={`${id}-badge`}>
            <SelectValue placeholder={t('admin:award.placeholder')} />
          </SelectTrigger>
          <SelectContent>
            {badges.map((badge) => (
              <SelectItem key={badge.badgeId} value={badge.badgeId}>
                <BadgeIcon icon={badge.icon} className="inline size-4 align-[-0.125em] text-primary" />{' '}
                {pickText(badge.title, locale)}
                {user.badges.includes(badge.badgeId) && <span className="text-muted-foreground"> · {t('admin:award.held')}</span>}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {badges.length === 0 && <p className="text-xs text-muted-foreground">{t('admin:badges.empty')}</p>}
      </div>
      {selected && (
        <div aria-live="polite" className="flex items-start gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3">
          <BadgeIcon icon={selected.icon} className="size-8 shrink-0 text-primary" />
          <div className="grid gap-0.5">
            <p className="font-semibold">{pickText(selected.title, locale)}</p>
            <p className="text-sm text-muted-foreground">{pickText(selected.description, locale)}</p>
          </div>
        </div>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('admin:cancel')}
        </Button>
        <Button type="submit" disabled={badgeId === '' || award.isPending}>
          {award.isPending && <Spinner className="text-current" label={t('admin:award.submitting')} />}
          {award.isPending ? t('admin:award.submitting') : t('admin:award.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
