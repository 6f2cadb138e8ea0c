import { Send } from 'lucide-react';
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

export interface ConsoleLabProps {
  /** The challenge id, also the namespace of the lab's texts in labs.json (intro, label, submit, terminalLabel, idle). */
  labId: string;
  /** The server action that judges one input, and the input field it reads. */
  action: string;
  field: string;
  /** What the terminal shows before each input (the server may change it with `output.prompt`). */
  prompt: string;
  placeholder: string;
  /** Result codes whose translated text (labs:<labId>.<code>) is shown under the output. */
  messageCodes?: readonly string[];
  /** Send the inputs typed so far with each new one (`history`, newline-separated): a shell session replayed on the server. */
  sendsHistory?: boolean;
  /** Text typed before the input, as in an address bar (`/invoices/`). */
  initialValue?: string;
  /** Source code shown above the input (labs:<labId>.sourceLabel names it). */
  source?: string;
}

/** The server takes at most 2,000 characters per field (LabRequestSchema): the latest lines that fit. */
function fitHistory(lines: string[]): string {
  let kept = lines;
  while (kept.join('\n').length > 2000) kept = kept.slice(1);
  return kept.join('\n');
}

/**
 * docs/product.md#in-page-labs: one input line and a terminal of what the server answered. The server judges each input and
 * hands the flag back only on a real exploit.
 */
export function ConsoleLab({
  labId,
  action: actionName,
  field,
  prompt: initialPrompt,
  placeholder,
  messageCodes = [],
  sendsHistory = false,
  initialValue = '',
  source,
}: ConsoleLabProps) {
  const { t } = useTranslation('labs');
  const action = useLabAction(labId);
  const [value, setValue] = useState(initialValue);
  const [runs, setRuns] = useState<TerminalRun[]>([]);
  const [history, setHistory] = useState<string[]>([]);
  const [prompt, setPrompt] = useState(initialPrompt);
  const [flag, setFlag] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input: Record<string, string> = { [field]: value };
    if (sendsHistory) input.history = fitHistory(history);
    const shownPrompt = prompt;
    action.mutate(
      { action: actionName, input },
      {
        onSuccess: (result) => {
          const message = messageCodes.includes(result.code) ? translateLabCode(t, labId, result.code, result.output) : '';
          const text = [result.output.text?.replace(/\n$/, ''), message].filter(Boolean).join('\n');
          setRuns((previous) => [...previous.slice(-19), { id: Date.now(), prompt: shownPrompt, command: value, text }]);
          if (sendsHistory) {
            setHistory((previous) => [...previous, value]);
            setValue('');
          }
          if (result.output.prompt !== undefined) setPrompt(result.output.prompt);
          if (result.ok && result.output.flag !== undefined) setFlag(result.output.flag);
        },
      },
    );
  }

  const inputId = `${labId}-input`;
  return (
    <LabCard labId={labId}>
      {source !== undefined && <TerminalBlock label={t(`${labId}.sourceLabel`)}>{source}</TerminalBlock>}
      <form onSubmit={handleSubmit} className="grid gap-2">
        <Label htmlFor={inputId}>{t(`${labId}.label`)}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={inputId}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder={placeholder}
            autoComplete="off"
            spellCheck={false}
            maxLength={500}
            className="font-mono"
          />
          <Button type="submit" disabled={action.isPending} className="sm:w-32">
            <Send />
            {action.isPending ? t('common.working') : t(`${labId}.submit`)}
          </Button>
        </div>
      </form>
      {action.isError && <LabError error={action.error} />}
      <TerminalBlock label={t(`${labId}.terminalLabel`)} scrollToEndOn={runs.length}>
        {runs.length === 0 ? t(`${labId}.idle`) : <TerminalTranscript runs={runs} />}
      </TerminalBlock>
      {flag !== null && <FlagReveal flag={flag} />}
    </LabCard>
  );
}
