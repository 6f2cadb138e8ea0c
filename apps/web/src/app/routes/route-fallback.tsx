import { useTranslation } from 'react-i18next';

import { PageSpinner } from '@/components/ui/spinner';

/** Shown while the code of the first page opened loads. */
export function RouteFallback() {
  const { t } = useTranslation('common');
  return <PageSpinner label={t('loading')} />;
}
