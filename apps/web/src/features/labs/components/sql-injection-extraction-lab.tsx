import { LogIn } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

import { useLabAction } from '../api/run-lab-action';

import { FlagReveal } from './flag-reveal';
import { LabCard } from './lab-card';
import { LabError } from './lab-error';
import { LabMessage } from './lab-message';
import { TerminalBlock } from './terminal-block';
import { translateLabCode } from './translate-lab-code';

const LAB_ID = 'sql-injection-extraction';

/** docs/product.md#in-page-labs: a fake login form whose debug line shows the interpolated query. */
export function SqlInjectionExtractionLab() {
  const { t } = useTranslation('labs');
  const action = useLabAction(LAB_ID);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const result = action.data;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    action.mutate({ action: 'login', input: { username, password } });
  }

  return (
    <LabCard labId={LAB_ID}>
      <form onSubmit={handleSubmit} className="grid max-w-md gap-3 rounded-lg border border-border bg-muted/30 p-4">
        <p className="text-sm font-semibold">{t(`${LAB_ID}.formTitle`)}</p>
        <div className="grid gap-1.5">
          <Label htmlFor="sqli-username">{t(`${LAB_ID}.username`)}</Label>
          <Input
            id="sqli-username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            className="font-mono"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="sqli-password">{t(`${LAB_ID}.password`)}</Label>
          <Input
            id="sqli-password"
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="off"
            maxLength={200}
            className="font-mono"
          />
        </div>
        <Button type="submit" disabled={action.isPending} className="w-fit">
          <LogIn />
          {action.isPending ? t('common.working') : t(`${LAB_ID}.submit`)}
        </Button>
      </form>
      {action.isError && <LabError error={action.error} />}
      {result?.output.query !== undefined && (
        <TerminalBlock label={t(`${LAB_ID}.debugLabel`)}>{result.output.query}</TerminalBlock>
      )}
      {result && (
        <LabMessage tone={result.ok ? 'success' : 'error'}>
          {translateLabCode(t, LAB_ID, result.code, { error: result.output.error ?? '', user: result.output.user ?? '' })}
        </LabMessage>
      )}
      {result?.ok && result.output.flag !== undefined && <FlagReveal flag={result.output.flag} />}
    </LabCard>
  );
}
