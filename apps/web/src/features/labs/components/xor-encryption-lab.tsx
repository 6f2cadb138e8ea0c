import { ChevronDown, Lightbulb } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

import { useLabData } from '../api/run-lab-action';

import { LabCard } from './lab-card';
import { LabError } from './lab-error';
import { LabMessage } from './lab-message';
import { TerminalBlock } from './terminal-block';

const LAB_ID = 'xor-encryption';

/**
 * docs/product.md#in-page-labs: the ciphertext with key CTF and a hint toggle; the decrypted flag goes into the normal flag
 * form.
 */
export function XorEncryptionLab() {
  const { t } = useTranslation('labs');
  const material = useLabData(LAB_ID, 'ciphertext');
  const [isHintOpen, setIsHintOpen] = useState(false);
  const hintId = useId();

  return (
    <LabCard labId={LAB_ID}>
      {material.isPending && <Spinner />}
      {material.isError && <LabError error={material.error} />}
      {material.data && (
        <>
          <TerminalBlock label={t(`${LAB_ID}.ciphertextLabel`)}>{material.data.output.ciphertext ?? ''}</TerminalBlock>
          <p className="text-sm">
            {t(`${LAB_ID}.keyLabel`)}{' '}
            <code className="rounded bg-black/50 px-1.5 py-0.5 font-mono text-primary">{material.data.output.key ?? ''}</code>
          </p>
        </>
      )}
      <div className="rounded-lg border border-amber-400/30 bg-amber-400/5">
        <button
          type="button"
          aria-expanded={isHintOpen}
          aria-controls={hintId}
          onClick={() => setIsHintOpen((open) => !open)}
          className="flex w-full items-center gap-2 rounded-lg px-4 py-2.5 text-left text-sm font-medium text-amber-200 outline-none hover:bg-amber-400/10 focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Lightbulb className="size-4" aria-hidden="true" />
          <span className="flex-1">{isHintOpen ? t(`${LAB_ID}.hideHint`) : t(`${LAB_ID}.showHint`)}</span>
          <ChevronDown className={cn('size-4 transition-transform', isHintOpen && 'rotate-180')} aria-hidden="true" />
        </button>
        {isHintOpen && (
          <p id={hintId} className="animate-fade-in px-4 pb-3 text-sm text-amber-50/90">
            {t(`${LAB_ID}.hint`)}
          </p>
        )}
      </div>
      <LabMessage tone="info">{t(`${LAB_ID}.submitBelow`)}</LabMessage>
    </LabCard>
  );
}
