import { Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Spinner } from '@/components/ui/spinner';

import { runLabAction, useLabData } from '../api/run-lab-action';

import { FlagReveal } from './flag-reveal';
import { LabCard } from './lab-card';
import { LabError } from './lab-error';
import { LabMessage } from './lab-message';

const LAB_ID = 'dom-manipulation';

declare global {
  interface Window {
    /** Installed by the DOM Manipulation exercise for players to call from the console. */
    validateAccess?: (value: string) => Promise<string>;
  }
}

type Outcome = { kind: 'granted'; flag: string } | { kind: 'denied' } | { kind: 'error'; error: unknown };

/**
 * docs/product.md#in-page-labs: a disabled input and a deliberately disabled button. The accepted code sits in a data attribute
 * of the input, and `window.validateAccess(value)` asks the server, logs the answer and returns the flag.
 */
export function DomManipulationLab() {
  const { t } = useTranslation('labs');
  const panel = useLabData(LAB_ID, 'panel');
  const inputRef = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    async function validateAccess(value: string): Promise<string> {
      try {
        const result = await runLabAction(LAB_ID, 'validate', { value: String(value) });
        const flag = result.output.flag;
        if (result.ok && flag !== undefined) {
          console.log(t(`${LAB_ID}.consoleGranted`, { flag }));
          setOutcome({ kind: 'granted', flag });
          return flag;
        }
        const denied = t(`${LAB_ID}.denied`);
        console.warn(denied);
        setOutcome({ kind: 'denied' });
        return denied;
      } catch (error) {
        setOutcome({ kind: 'error', error });
        throw error;
      }
    }
    window.validateAccess = validateAccess;
    return () => {
      if (window.validateAccess === validateAccess) delete window.validateAccess;
    };
  }, [t]);

  function handleUnlock() {
    // Reachable only once the player has re-enabled the controls in the devtools.
    void window.validateAccess?.(inputRef.current?.value ?? '').catch(() => undefined);
  }

  return (
    <LabCard labId={LAB_ID}>
      {panel.isPending && <Spinner />}
      {panel.isError && <LabError error={panel.error} />}
      {panel.data && (
        <div id="access-panel" className="grid gap-3 rounded-lg border border-border bg-muted/30 p-4">
          <label htmlFor="access-code" className="flex items-center gap-2 text-sm font-medium">
            <Lock className="size-4 text-muted-foreground" aria-hidden="true" />
            {t(`${LAB_ID}.label`)}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id="access-code"
              name="access-code"
              type="text"
              ref={inputRef}
              disabled
              defaultValue=""
              data-access-code={panel.data.output.accessCode}
              placeholder={t(`${LAB_ID}.placeholder`)}
              autoComplete="off"
              className="h-10 w-full min-w-0 rounded-lg border border-input bg-background/60 px-3 font-mono text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50"
            />
            <button
              id="access-submit"
              type="button"
              disabled
              onClick={handleUnlock}
              className="inline-flex h-10 items-center justify-center rounded-lg bg-primary px-4 text-sm font-medium text-primary-foreground disabled:cursor-not-allowed disabled:opacity-50"
            >
              {t(`${LAB_ID}.submit`)}
            </button>
          </div>
          <p className="text-xs text-muted-foreground">{t(`${LAB_ID}.lockedNotice`)}</p>
        </div>
      )}
      {outcome?.kind === 'granted' && (
        <>
          <LabMessage tone="success">{t(`${LAB_ID}.granted`)}</LabMessage>
          <FlagReveal flag={outcome.flag} />
        </>
      )}
      {outcome?.kind === 'denied' && <LabMessage tone="error">{t(`${LAB_ID}.denied`)}</LabMessage>}
      {outcome?.kind === 'error' && <LabError error={outcome.error} />}
    </LabCard>
  );
}
