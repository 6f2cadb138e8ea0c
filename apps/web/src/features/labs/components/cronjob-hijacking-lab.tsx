import { Clock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';

import { useLabAction, useLabData } from '../api/run-lab-action';

import { FlagReveal } from './flag-reveal';
import { LabCard } from './lab-card';
import { LabError } from './lab-error';
import { LabMessage } from './lab-message';
import { TerminalBlock } from './terminal-block';
import { translateLabCode } from './translate-lab-code';

const LAB_ID = 'cronjob-hijacking';

/** docs/product.md#in-page-labs: a fake environment dump; the crontab and the script it runs show where to hook in. */
export function CronjobHijackingLab() {
  const { t } = useTranslation('labs');
  const dump = useLabData(LAB_ID, 'env');
  const hijack = useLabAction(LAB_ID);
  const [command, setCommand] = useState('');
  const result = hijack.data;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    hijack.mutate({ action: 'hijack', input: { command } });
  }

  return (
    <LabCard labId={LAB_ID}>
      {dump.isPending && <Spinner />}
      {dump.isError && <LabError error={dump.error} />}
      {dump.data && (
        <>
          <TerminalBlock label="player@target:~$ env">{dump.data.output.env ?? ''}</TerminalBlock>
          <TerminalBlock label="player@target:~$ cat /etc/crontab">{dump.data.output.crontab ?? ''}</TerminalBlock>
          <TerminalBlock label="/opt/scripts">{dump.data.output.script ?? ''}</TerminalBlock>
        </>
      )}
      <form onSubmit={handleSubmit} className="grid gap-2">
        <Label htmlFor="cron-command">{t(`${LAB_ID}.label`)}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="cron-command"
            value={command}
            onChange={(event) => setCommand(event.target.value)}
            placeholder={t(`${LAB_ID}.placeholder`)}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            className="font-mono"
          />
          <Button type="submit" disabled={hijack.isPending} className="sm:w-auto">
            <Clock />
            {hijack.isPending ? t('common.working') : t(`${LAB_ID}.submit`)}
          </Button>
        </div>
      </form>
      {hijack.isError && <LabError error={hijack.error} />}
      {result?.output.stdout !== undefined && (
        <TerminalBlock label={t(`${LAB_ID}.outputLabel`)}>{result.output.stdout}</TerminalBlock>
      )}
      {result && result.output.stdout === undefined && (
        <LabMessage tone={result.code === 'no-output' ? 'info' : 'error'}>{translateLabCode(t, LAB_ID, result.code)}</LabMessage>
      )}
      {result?.ok && result.output.flag !== undefined && <FlagReveal flag={result.output.flag} />}
    </LabCard>
  );
}
