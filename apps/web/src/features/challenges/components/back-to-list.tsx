import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';

/** The challenge page's way back to the list. */
export function BackToList() {
  const { t } = useTranslation('challenge');
  return (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to="/challenges">
        <ArrowLeft />
        {t('back')}
      </Link>
    </Button>
  );
}
