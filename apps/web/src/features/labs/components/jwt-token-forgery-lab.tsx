import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';

import { useLabAction, useLabData } from '../api/run-lab-action';

import { FlagReveal } from './flag-reveal';
import { LabCard } from './lab-card';
import { LabError } from './lab-error';
import { LabMessage } from './lab-message';
import { TerminalBlock } from './terminal-block';
import { translateLabCode } from './translate-lab-code';

const LAB_ID = 'jwt-token-forgery';

/** docs/product.md#in-page-labs: a sample guest token, a textarea for the forged one, and the server's verdict. */
export function JwtTokenForgeryLab() {
  const { t } = useTranslation('labs');
  const sample = useLabData(LAB_ID, 'sample');
  const action = useLabAction(LAB_ID);
  const [token, setToken] = useState('');
  const result = action.data;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    action.mutate({ action: 'verify', input: { token } });
  }

  return (
    <LabCard labId={LAB_ID}>
      {sample.isPending && <Spinner />}
      {sample.isError && <LabError error={sample.error} />}
      {sample.data?.output.token !== undefined && (
        <TerminalBlock label={t(`${LAB_ID}.sampleLabel`)}>{sample.data.output.token}</TerminalBlock>
      )}
      <form onSubmit={handleSubmit} className="grid gap-2">
        <Label htmlFor="jwt-token">{t(`${LAB_ID}.label`)}</Label>
        <Textarea
          id="jwt-token"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          placeholder={t(`${LAB_ID}.placeholder`)}
          maxLength={2000}
          spellCheck={false}
          className="font-mono text-xs"
        />
        <Button type="submit" disabled={action.isPending || token.trim() === ''} className="w-fit">
          <KeyRound />
          {action.isPending ? t('common.working') : t(`${LAB_ID}.submit`)}
        </Button>
      </form>
      {action.isError && <LabError error={action.error} />}
      {result?.output.payload !== undefined && (
        <TerminalBlock label={t(`${LAB_ID}.payloadLabel`)}>{result.output.payload}</TerminalBlock>
      )}
      {result && (
        <LabMessage tone={result.ok ? 'success' : 'error'}>
          {translateLabCode(t, LAB_ID, result.code, { alg: result.output.alg ?? '' })}
        </LabMessage>
      )}
      {result?.ok && result.output.flag !== undefined && <FlagReveal flag={result.output.flag} />}
    </LabCard>
  );
}
