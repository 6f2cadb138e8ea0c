import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

import { PastEvents } from './past-events';

/**
 * The admin panel's past events (docs/product.md#admin-panel): every event that ended with its exports; the next event
 * is named and scheduled on the Event page.
 */
export function SeasonsAdminTab() {
  const { t } = useTranslation('seasons');
  return (
    <Card>
      <CardHeader className="gap-1.5">
        <h2 className="text-lg leading-tight font-semibold">{t('title')}</h2>
        <CardDescription>
          {t('admin.description')}{' '}
          <Link to="/admin/event/event" className="text-primary underline-offset-4 hover:underline">
            {t('admin.schedule')}
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PastEvents showExports />
      </CardContent>
    </Card>
  );
}
