import { PartyPopper } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function SolvedPanel() {
  const { t } = useTranslation('challenge');
  return (
    <div
      role="status"
      className="flex items-center gap-4 rounded-(--radius-card) border border-primary/40 bg-primary/10 p-5 animate-pop-in"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/20 text-primary">
        <PartyPopper className="size-5" aria-hidden="true" />
      </span>
      <div className="grid gap-0.5">
        <p className="font-semibold text-primary">{t('solvedPanel.title')}</p>
        <p className="text-sm text-muted-foreground">{t('solvedPanel.description')}</p>
      </div>
    </div>
  );
}
