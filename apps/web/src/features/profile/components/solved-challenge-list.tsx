import { CircleCheck, Droplet, Flag, Snowflake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { pickText, useLocale } from '@/lib/use-locale';
import { cn } from '@/lib/utils';

import { useChallengeTitles } from '../api/get-challenge-titles';

/**
 * Characters of the id shown on another player's profile (docs/product.md#another-players-profile: "Challenge #" plus the
 * first 8).
 */
const SHORT_ID_LENGTH = 8;

interface SolvedChallengeListProps {
  challengeIds: string[];
  /** `titles`: the localized title of each challenge (own profile); `shortIds`: "Challenge #" + 8 characters. */
  display: 'titles' | 'shortIds';
  /** The challenges this player solved first (docs/product.md#first-blood). */
  firstBloods?: string[] | undefined;
  /** One's own solves after the freeze (docs/product.md#freeze). */
  solvedAfterFreeze?: string[] | undefined;
}

/** "Solved Challenges (N)": a list that scrolls past a limited height, each entry linking to its challenge. */
export function SolvedChallengeList({ challengeIds, display, firstBloods, solvedAfterFreeze }: SolvedChallengeListProps) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  // No solve, no title to show: the challenge list (about 19 KB) is neither read nor parsed (docs/performance.md "Lighthouse").
  const { data: titles } = useChallengeTitles(display === 'titles' && challengeIds.length > 0);

  function labelOf(id: string): string {
    if (display === 'shortIds') return t('solved.shortId', { id: id.slice(0, SHORT_ID_LENGTH) });
    const title = titles?.get(id);
    return title ? pickText(title, locale) : id;
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Flag className="size-5 text-primary" aria-hidden="true" />
          {t('solved.title', { count: challengeIds.length })}
        </h2>
      </CardHeader>
      <CardContent>
        {challengeIds.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('solved.empty')}</p>
        ) : (
          <ul
            aria-label={t('solved.listLabel')}
            className="grid max-h-72 gap-2 overflow-y-auto pr-1 [scrollbar-width:thin]"
            // A scrollable region must be reachable by keyboard to be scrolled without a mouse.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
          >
            {challengeIds.map((id) => (
              <li key={id}>
                <Link
                  to={`/challenge/${encodeURIComponent(id)}`}
                  className={cn(
                    'flex items-center gap-2 rounded-lg border border-border/70 bg-background/40 px-3 py-2 text-sm transition-colors hover:border-primary/50 hover:text-primary',
                    display === 'shortIds' && 'font-mono',
                  )}
                >
                  <CircleCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
                  <span className="truncate">{labelOf(id)}</span>
                  {firstBloods?.includes(id) && (
                    <span className="ml-auto inline-flex shrink-0 items-center gap-1 text-xs text-red-300">
                      <Droplet className="size-3.5" aria-hidden="true" />
                      {t('solved.firstBlood')}
                    </span>
                  )}
                  {solvedAfterFreeze?.includes(id) && (
                    <span className="inline-flex shrink-0 items-center gap-1 text-xs text-sky-300">
                      <Snowflake className="size-3.5" aria-hidden="true" />
                      {t('solved.afterFreeze')}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
