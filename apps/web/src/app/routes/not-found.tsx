import { ArrowLeft, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Any unknown path (docs/product.md#not-found): "Access Denied", Go Back and Return to Challenges. */
export function NotFoundRoute() {
  const { t } = useTranslation('notFound');
  const navigate = useNavigate();
  useDocumentTitle(t('title'));

  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <div className="relative">
        <ShieldX className="size-20 text-destructive" aria-hidden="true" />
        <span className="absolute -right-6 -bottom-2 rounded-md border border-destructive/40 bg-background px-1.5 font-mono text-sm text-destructive">
          {t('code')}
        </span>
      </div>
      <h1 className="font-mono text-3xl font-bold tracking-tight text-destructive sm:text-4xl">{t('title')}</h1>
      <p className="max-w-md font-mono text-muted-foreground">{t('description')}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" onClick={() => void navigate(-1)}>
          <ArrowLeft />
          {t('goBack')}
        </Button>
        <Button asChild>
          <Link to="/challenges">{t('returnToChallenges')}</Link>
        </Button>
      </div>
    </div>
  );
}
