import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/error-message';

import { LabMessage } from './lab-message';

/** A failed lab call; labs are rate-limited by the server (429 RATE_LIMITED), which gets its own wording. */
export function LabError({ error }: { error: unknown }) {
  const { t } = useTranslation('labs');
  if (isApiError(error) && error.code === 'RATE_LIMITED') {
    return (
      <LabMessage tone="warning">
        {error.retryAfterSeconds === undefined
          ? t('common.rateLimitedSoon')
          : t('common.rateLimited', { seconds: error.retryAfterSeconds })}
      </LabMessage>
    );
  }
  return <LabMessage tone="error">{getErrorMessage(t, error)}</LabMessage>;
}
