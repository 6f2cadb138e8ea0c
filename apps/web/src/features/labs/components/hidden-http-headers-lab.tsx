import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

import { requestLabWithHeaders } from '../api/request-lab-headers';

import { LabCard } from './lab-card';
import { LabError } from './lab-error';
import { LabMessage } from './lab-message';
import { TerminalBlock } from './terminal-block';

const LAB_ID = 'hidden-http-headers';

/**
 * docs/product.md#in-page-labs: a button makes the request and logs every response header to the console. The page itself shows
 * only the body: the point is to look at the headers in the devtools.
 */
export function HiddenHttpHeadersLab() {
  const { t } = useTranslation('labs');
  const request = useMutation({
    mutationFn: () => requestLabWithHeaders(LAB_ID, 'request'),
    onSuccess: ({ status, body, headers }) => {
      console.groupCollapsed(t(`${LAB_ID}.consoleGroup`, { endpoint: body.output.endpoint ?? '', status }));
      for (const [name, value] of headers) console.log(`${name}: ${value}`);
      console.groupEnd();
    },
  });
  const body = request.data?.body;

  return (
    <LabCard labId={LAB_ID}>
      <Button onClick={() => request.mutate()} disabled={request.isPending} className="w-fit">
        <Send />
        {request.isPending ? t('common.working') : t(`${LAB_ID}.submit`)}
      </Button>
      {request.isError && <LabError error={request.error} />}
      {request.data && body && (
        <>
          <TerminalBlock label={t(`${LAB_ID}.bodyLabel`, { endpoint: body.output.endpoint ?? '', status: request.data.status })}>
            {body.output.body ?? ''}
          </TerminalBlock>
          <LabMessage tone="info">{t(`${LAB_ID}.whereToLook`, { count: request.data.headers.length })}</LabMessage>
        </>
      )}
    </LabCard>
  );
}
