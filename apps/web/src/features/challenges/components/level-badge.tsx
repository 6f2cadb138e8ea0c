import { useTranslation } from 'react-i18next';

import type { Level } from '@drapeau/shared';

import { Badge, type BadgeProps } from '@/components/ui/badge';

const LEVEL_VARIANTS: Record<Level, NonNullable<BadgeProps['variant']>> = {
  'very-easy': 'sky',
  easy: 'emerald',
  medium: 'amber',
  hard: 'rose',
};

export function LevelBadge({ level }: { level: Level }) {
  const { t } = useTranslation('difficulties');
  return <Badge variant={LEVEL_VARIANTS[level]}>{t(level)}</Badge>;
}
