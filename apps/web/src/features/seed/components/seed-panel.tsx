import { CircleCheck, Database, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';

import { useSeedDatabase } from '../api/seed-database';

import { describeSeedResult } from './seed-summary';

const EFFECTS = ['added', 'updated', 'kept'] as const;

/**
 * docs/product.md#seed-page, a page of the admin panel's content section (which checks the role): what loading the
 * built-in pack does, then a confirmation; the button stays disabled after a success.
 */
export function SeedPanel() {
  const { t } = useTranslation(['seed', 'common', 'errors']);
  const seed = useSeedDatabase();
  const [isConfirming, setIsConfirming] = useState(false);

  function handleSeed() {
    seed.mutate(undefined, {
      onSuccess: (result) => {
        setIsConfirming(false);
        toast({ title: t('common:success'), description: describeSeedResult(t, result) });
      },
      onError: (error) => {
        setIsConfirming(false);
        toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) });
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <Database className="size-5 text-primary" aria-hidden="true" />
          {t('seed:title')}
        </h2>
        <CardDescription>{t('seed:description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
          {EFFECTS.map((effect) => (
            <li key={effect}>{t(`seed:effects.${effect}`)}</li>
          ))}
        </ul>
        <Button className="w-fit max-w-full" onClick={() => setIsConfirming(true)} disabled={seed.isPending || seed.isSuccess}>
          {seed.isSuccess && <CircleCheck />}
          {seed.isSuccess ? t('seed:done') : t('seed:button')}
        </Button>
      </CardContent>
      <Dialog open={isConfirming} onOpenChange={(isOpen) => !isOpen && !seed.isPending && setIsConfirming(false)}>
        <DialogContent closeLabel={t('common:close')} role="alertdialog">
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <TriangleAlert className="size-5 text-amber-400" aria-hidden="true" />
              {t('seed:confirm.title')}
            </DialogTitle>
            <DialogDescription>{t('seed:confirm.description')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setIsConfirming(false)} disabled={seed.isPending}>
              {t('seed:confirm.cancel')}
            </Button>
            <Button onClick={handleSeed} disabled={seed.isPending}>
              {seed.isPending && <Spinner className="text-current" label={t('seed:busy')} />}
              {seed.isPending ? t('seed:busy') : t('seed:confirm.submit')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
