import { CircleCheck, Database, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useSeedDatabase } from '../api/seed-database';

import { describeSeedResult } from './seed-summary';

interface SeedPanelProps {
  isAdmin: boolean;
}

/** docs/product.md#seed-page: one button for admins; the button stays disabled after a success. */
export function SeedPanel({ isAdmin }: SeedPanelProps) {
  const { t } = useTranslation(['seed', 'common', 'errors']);
  useDocumentTitle(t('seed:title'));
  const seed = useSeedDatabase();

  if (!isAdmin) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
        <ShieldAlert className="size-12 text-destructive" aria-hidden="true" />
        <p className="text-lg font-semibold">{t('seed:onlyAdmins')}</p>
      </div>
    );
  }

  function handleSeed() {
    seed.mutate(undefined, {
      onSuccess: (result) => toast({ title: t('common:success'), description: describeSeedResult(t, result) }),
      onError: (error) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
    });
  }

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader>
        <h1 className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <Database className="size-5 text-primary" aria-hidden="true" />
          {t('seed:title')}
        </h1>
        <CardDescription>{t('seed:description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button size="lg" className="w-full" onClick={handleSeed} disabled={seed.isPending || seed.isSuccess}>
          {seed.isPending && <Spinner className="text-current" label={t('seed:busy')} />}
          {seed.isSuccess && <CircleCheck />}
          {seed.isPending ? t('seed:busy') : seed.isSuccess ? t('seed:done') : t('seed:button')}
        </Button>
      </CardContent>
    </Card>
  );
}
