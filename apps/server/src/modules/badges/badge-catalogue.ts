import type { Badge } from '@drapeau/shared';

/** The 8 badges (docs/product.md#badges). The criteria are evaluated on the server, in the solve's transaction. */
export const BADGES: readonly Badge[] = [
  {
    badgeId: 'first-blood',
    title: { en: 'First Blood', fr: 'Premier sang' },
    description: { en: 'Solve your first challenge.', fr: 'Résolvez votre premier défi.' },
    icon: '🩸',
    criteria: { type: 'solveCount', value: 1 },
  },
  {
    badgeId: 'pentester',
    title: { en: 'Pentester', fr: 'Pentesteur' },
    description: { en: 'Solve 5 challenges.', fr: 'Résolvez 5 défis.' },
    icon: '🔓',
    criteria: { type: 'solveCount', value: 5 },
  },
  {
    badgeId: 'elite-hacker',
    title: { en: 'Elite Hacker', fr: 'Hacker d’élite' },
    description: { en: 'Solve 10 challenges.', fr: 'Résolvez 10 défis.' },
    icon: '💀',
    criteria: { type: 'solveCount', value: 10 },
  },
  {
    badgeId: 'century-club',
    title: { en: 'Century Club', fr: 'Club des 100' },
    description: { en: 'Reach a score of 100 points.', fr: 'Atteignez un score de 100 points.' },
    icon: '💯',
    criteria: { type: 'score', value: 100 },
  },
  {
    badgeId: 'half-century',
    title: { en: 'Five Hundred Club', fr: 'Club des 500' },
    description: { en: 'Reach a score of 500 points.', fr: 'Atteignez un score de 500 points.' },
    icon: '🏆',
    criteria: { type: 'score', value: 500 },
  },
  {
    badgeId: 'web-master',
    title: { en: 'Web Master', fr: 'Maître du Web' },
    description: { en: 'Solve 3 Web - Client challenges.', fr: 'Résolvez 3 défis Web - Client.' },
    icon: '🌐',
    criteria: { type: 'category', value: 'web-client', count: 3 },
  },
  {
    badgeId: 'network-ninja',
    title: { en: 'Network Ninja', fr: 'Ninja du réseau' },
    description: { en: 'Solve 3 Networking challenges.', fr: 'Résolvez 3 défis Réseau.' },
    icon: '🥷',
    criteria: { type: 'category', value: 'networking', count: 3 },
  },
  {
    badgeId: 'forensics-expert',
    title: { en: 'Forensics Expert', fr: 'Expert en forensique' },
    description: { en: 'Solve 3 Forensics challenges.', fr: 'Résolvez 3 défis Forensique.' },
    icon: '🔍',
    criteria: { type: 'category', value: 'forensics', count: 3 },
  },
];
