import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface LabCardProps {
  /** The challenge id, which is also the lab's namespace in labs.json. */
  labId: string;
  children: ReactNode;
}

/** The frame every exercise sits in, with its one-line briefing. */
export function LabCard({ labId, children }: LabCardProps) {
  const { t } = useTranslation('labs');
  return (
    <Card data-lab={labId} className="border-primary/30">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <FlaskConical className="size-4 text-primary" aria-hidden="true" />
          {t('common.title')}
        </CardTitle>
        <CardDescription>{t(`${labId}.intro`)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}
