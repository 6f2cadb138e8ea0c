import { Droplet, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import type { PublicChallenge } from '@drapeau/shared';

interface SolveStatsProps {
  challenge: Pick<PublicChallenge, 'solveCount' | 'firstBlood'>;
}

/**
 * How many solved the challenge and who solved it first, on its card and on its page alike. The icons follow the
 * surrounding text's size; the parent lays the two lines out.
 */
export function SolveStats({ challenge }: SolveStatsProps) {
  const { t } = useTranslation('challenges');
  return (
    <>
      <p className="inline-flex items-center gap-1.5">
        <Users className="size-[1.15em]" aria-hidden="true" />
        {t('challenges:solves', { count: challenge.solveCount })}
      </p>
      {challenge.firstBlood && (
        <p className="inline-flex items-center gap-1.5 text-red-300" data-testid="first-blood">
          <Droplet className="size-[1.15em]" aria-hidden="true" />
          {challenge.firstBlood.teamName === undefined
            ? t('challenges:firstBloodBy', { username: challenge.firstBlood.username })
            : t('challenges:firstBloodByTeam', { team: challenge.firstBlood.teamName, username: challenge.firstBlood.username })}
        </p>
      )}
    </>
  );
}
