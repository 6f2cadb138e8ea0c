import { Wrench } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Markdown } from '@/components/ui/markdown';

import { EXPLANATION_ANCHOR } from './explanation-path';

/** The "understand and fix" text, shown to a player once they have solved the challenge; scrolled to when linked. */
export function ExplanationPanel({ text }: { text: string }) {
  const { t } = useTranslation('challenge');
  const { hash } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const isTarget = hash === `#${EXPLANATION_ANCHOR}`;
  useEffect(() => {
    if (isTarget) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [isTarget]);
  if (text.trim() === '') return null;
  return (
    <Card id={EXPLANATION_ANCHOR} ref={ref} className="scroll-mt-4">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Wrench className="size-4 text-primary" aria-hidden="true" />
          {t('explanation')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Markdown className="text-sm">{text}</Markdown>
      </CardContent>
    </Card>
  );
}
