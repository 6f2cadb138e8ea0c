import { useTranslation } from 'react-i18next';

import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';

import { PastEvents } from './past-events';

/** /events: the events that ended, each with its final standings (docs/product.md#events). */
export function PastEventsPage() {
  const { t } = useTranslation('seasons');
  useDocumentTitle(t('title'));
  return (
    <div className="mx-auto grid max-w-4xl gap-4">
      <Card>
        <CardHeader className="gap-1.5">
          <h1 className="text-2xl font-bold">{t('title')}</h1>
          <CardDescription>{t('description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <PastEvents />
        </CardContent>
      </Card>
    </div>
  );
}
