import { ArrowLeft, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';

export function ChallengeNotFound() {
  const { t } = useTranslation('challenge');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <SearchX className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t('notFound')}</h1>
      <p className="text-muted-foreground">{t('notFoundHint')}</p>
      <Button asChild>
        <Link to="/challenges">
          <ArrowLeft />
          {t('back')}
        </Link>
      </Button>
    </div>
  );
}
