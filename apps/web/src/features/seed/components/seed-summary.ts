import type { TFunction } from 'i18next';

import type { SeedResult } from '@drapeau/shared';

type Outcome = 'created' | 'updated' | 'unchanged';
const OUTCOMES: readonly Outcome[] = ['created', 'updated', 'unchanged'];

/**
 * What Seed really did, in words (docs/product.md#seed-page): "Nothing to add: …" when every challenge and badge was already
 * as built, otherwise one sentence per outcome (added, updated, already up to date) that concerns at least one of them.
 */
export function describeSeedResult(t: TFunction<'seed'>, { report, badges }: SeedResult): string {
  const counts = (outcome: Outcome) => ({
    challenges: t('seed:summary.challenges', { count: report[outcome] }),
    badges: t('seed:summary.badges', { count: badges[outcome] }),
  });
  const changed = report.created + report.updated + badges.created + badges.updated;
  if (changed === 0) return t('seed:summary.nothingToAdd', counts('unchanged'));
  return OUTCOMES.filter((outcome) => report[outcome] + badges[outcome] > 0)
    .map((outcome) => t(`seed:summary.${outcome}`, counts(outcome)))
    .join(' ');
}
