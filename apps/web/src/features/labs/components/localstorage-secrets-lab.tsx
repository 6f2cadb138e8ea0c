import { LogIn, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

import { useLabAction } from '../api/run-lab-action';

import { LabCard } from './lab-card';
import { LabError } from './lab-error';
import { LabMessage } from './lab-message';
import { TerminalBlock } from './terminal-block';

const LAB_ID = 'localstorage-secrets';

/** docs/product.md#in-page-labs: a button writes fake session keys, a base64 admin token among them, into localStorage. */
export function LocalstorageSecretsLab() {
  const { t } = useTranslation('labs');
  const action = useLabAction(LAB_ID);
  const [storedKeys, setStoredKeys] = useState<string[]>([]);

  function signIn() {
    action.mutate(
      { action: 'issue-keys' },
      {
        onSuccess: (result) => {
          const entries = Object.entries(result.output);
          try {
            for (const [key, value] of entries) window.localStorage.setItem(key, value);
            setStoredKeys(entries.map(([key]) => key));
          } catch {
            setStoredKeys([]);
          }
        },
      },
    );
  }

  function clearKeys() {
    for (const key of storedKeys) window.localStorage.removeItem(key);
    setStoredKeys([]);
    // Back to the start: no "storage refused" message for keys the player removed on purpose.
    action.reset();
  }

  return (
    <LabCard labId={LAB_ID}>
      <div className="flex flex-wrap gap-2">
        <Button onClick={signIn} disabled={action.isPending}>
          <LogIn />
          {action.isPending ? t('common.working') : t(`${LAB_ID}.signIn`)}
        </Button>
        {storedKeys.length > 0 && (
          <Button variant="outline" onClick={clearKeys}>
            <Trash2 />
            {t(`${LAB_ID}.clear`)}
          </Button>
        )}
      </div>
      {action.isError && <LabError error={action.error} />}
      {action.isSuccess && storedKeys.length === 0 && <LabMessage tone="error">{t(`${LAB_ID}.storageUnavailable`)}</LabMessage>}
      {storedKeys.length > 0 && (
        <>
          <LabMessage tone="success">{t(`${LAB_ID}.stored`, { count: storedKeys.length })}</LabMessage>
          <TerminalBlock label={t(`${LAB_ID}.keysLabel`)}>{storedKeys.join('\n')}</TerminalBlock>
          <LabMessage tone="info">{t(`${LAB_ID}.whereToLook`)}</LabMessage>
        </>
      )}
    </LabCard>
  );
}
