import { ArrowLeft, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';

export function UserNotFound() {
  const { t } = useTranslation('profile');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <UserX className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="text-muted-foreground">{t('notFound.description')}</p>
      <Button asChild>
        <Link to="/leaderboard">
          <ArrowLeft />
          {t('notFound.back')}
        </Link>
      </Button>
    </div>
  );
}
