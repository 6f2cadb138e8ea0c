import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Markdown } from '@/components/ui/markdown';

/** The "understand and fix" text, shown to a player once they have solved the challenge. */
export function ExplanationPanel({ text }: { text: string }) {
  const { t } = useTranslation('challenge');
  if (text.trim() === '') return null;
  return (
    <Card>
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
