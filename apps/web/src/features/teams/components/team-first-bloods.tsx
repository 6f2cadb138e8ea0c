import { useQueryClient } from '@tanstack/react-query';
import { Droplet } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import type { PublicChallenge } from '@drapeau/shared';

import { challengeKeys } from '@/lib/query-keys';
import { pickText, useLocale } from '@/lib/use-locale';

/**
 * The challenges a team drew first blood on (docs/product.md#first-blood), named by the titles of the challenge list
 * when the page has it (else by their ids); nothing when there is none.
 */
export function TeamFirstBloods({ challengeIds }: { challengeIds: readonly string[] | undefined }) {
  const { t } = useTranslation('teams');
  const locale = useLocale();
  const list = useQueryClient().getQueryData<{ challenges: PublicChallenge[] }>(challengeKeys.list());
  if (!challengeIds || challengeIds.length === 0) return null;
  const titleOf = (id: string) => {
    const challenge = list?.challenges.find((candidate) => candidate.id === id);
    return challenge ? pickText(challenge.title, locale) : id;
  };
  return (
    <p className="inline-flex items-center gap-1.5 text-red-300" data-testid="team-first-bloods">
      <Droplet className="size-[1.15em]" aria-hidden="true" />
      {t('firstBloods', { challenges: challengeIds.map(titleOf).join(', ') })}
    </p>
  );
}
