import { Terminal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

import { useLabAction } from '../api/run-lab-action';

import { FlagReveal } from './flag-reveal';
import { LabCard } from './lab-card';
import { LabError } from './lab-error';
import { TerminalBlock, TerminalTranscript, type TerminalRun } from './terminal-block';
import { translateLabCode } from './translate-lab-code';

const LAB_ID = 'command-injection';
const PROMPT = 'www-data@diag:/var/www/html$ ';

/** docs/product.md#in-page-labs: a ping tool whose terminal shows what the server ran and printed. */
export function CommandInjectionLab() {
  const { t } = useTranslation('labs');
  const action = useLabAction(LAB_ID);
  const [host, setHost] = useState('');
  const [runs, setRuns] = useState<TerminalRun[]>([]);
  const [flag, setFlag] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    action.mutate(
      { action: 'ping', input: { host } },
      {
        onSuccess: (result) => {
          const message = ['reachable', 'no-output', 'blocked'].includes(result.code)
            ? translateLabCode(t, LAB_ID, result.code)
            : '';
          const text = [result.output.stdout?.replace(/\n$/, ''), message].filter(Boolean).join('\n');
          const command = result.output.command ?? host;
          setRuns((previous) => [...previous.slice(-9), { id: Date.now(), prompt: PROMPT, command, text }]);
          if (result.ok && result.output.flag !== undefined) setFlag(result.output.flag);
        },
      },
    );
  }

  return (
    <LabCard labId={LAB_ID}>
      <form onSubmit={handleSubmit} className="grid gap-2">
        <Label htmlFor="ping-host">{t(`${LAB_ID}.label`)}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="ping-host"
            value={host}
            onChange={(event) => setHost(event.target.value)}
            placeholder="127.0.0.1"
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            className="font-mono"
          />
          <Button type="submit" disabled={action.isPending} className="sm:w-32">
            <Terminal />
            {action.isPending ? t('common.working') : t(`${LAB_ID}.submit`)}
          </Button>
        </div>
      </form>
      {action.isError && <LabError error={action.error} />}
      <TerminalBlock label={t(`${LAB_ID}.terminalLabel`)} scrollToEndOn={runs.length}>
        {runs.length === 0 ? t(`${LAB_ID}.idle`) : <TerminalTranscript runs={runs} />}
      </TerminalBlock>
      {flag !== null && <FlagReveal flag={flag} />}
    </LabCard>
  );
}
