import {
  PublicChallengeSchema,
  PublicStatsSchema,
  PublicUserSchema,
  type PublicChallenge,
  type PublicStats,
  type PublicUser,
} from '@drapeau/shared';

/** Test data, parsed by the shared schemas so that a fixture can never drift from the contract. */
export function buildUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return PublicUserSchema.parse({
    uid: 'user-1',
    username: 'alice',
    email: 'alice@example.com',
    rank: 'user',
    score: 45,
    solvedChallenges: ['dom-manipulation'],
    avatarUrl: '',
    bio: '',
    badges: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  });
}

export function buildAdmin(overrides: Partial<PublicUser> = {}): PublicUser {
  return buildUser({ uid: 'admin-1', username: 'root', email: 'root@example.com', rank: 'admin', ...overrides });
}

export function buildChallenge(overrides: Partial<PublicChallenge> = {}): PublicChallenge {
  const base = {
    id: 'dom-manipulation',
    category: 'web-client',
    level: 'very-easy',
    points: 10,
    scoring: 'static',
    title: { en: 'DOM Manipulation', fr: 'Manipulation du DOM' },
    description: { en: 'Enable the button.', fr: 'Activez le bouton.' },
    author: null,
    tags: [],
    lab: null,
    connectionInfo: null,
    hasService: false,
    isLocked: false,
    lockedBy: [],
    isClosed: false,
    closesAt: null,
    maxAttempts: null,
    attemptsLeft: null,
    explanation: null,
    hint: { en: 'Open the developer tools.', fr: 'Ouvrez les outils de développement.' },
    solutionType: null,
    fileName: null,
    solved: false,
    solvedAfterFreeze: false,
    solveCount: 3,
    firstBlood: null,
    ...overrides,
  };
  // The list of hints and files follows the single hint and file a test gives, unless it gives the lists themselves.
  const hints = overrides.hints ?? (base.hint ? [{ id: 1, cost: 0, isOpened: false, content: base.hint }] : []);
  const attachments =
    overrides.attachments ??
    (base.fileName
      ? [{ id: 1, name: base.fileName, size: 1024, sha256: null, url: `/api/challenges/${base.id}/attachments/1` }]
      : []);
  return PublicChallengeSchema.parse({ ...base, hints, attachments });
}

/** A small catalogue over three categories, one of them solved. */
export function buildCatalogue(): PublicChallenge[] {
  return [
    buildChallenge({ solved: true, solveCount: 12 }),
    buildChallenge({
      id: 'xss-filter-bypass',
      level: 'medium',
      points: 35,
      title: { en: 'XSS Filter Bypass', fr: 'Contournement de filtre XSS' },
      solveCount: 1,
    }),
    buildChallenge({
      id: 'sql-injection-extraction',
      category: 'web-server',
      level: 'easy',
      points: 25,
      title: { en: 'SQL Injection Extraction', fr: 'Extraction par injection SQL' },
      solveCount: 0,
    }),
    buildChallenge({
      id: 'memory-dump-analysis',
      category: 'forensics',
      level: 'medium',
      points: 50,
      title: { en: 'Memory Dump Analysis', fr: 'Analyse de dump mémoire' },
      hint: null,
      solutionType: 'download',
      fileName: 'memory.dmp',
    }),
  ];
}

export function buildStats(overrides: Partial<PublicStats> = {}): PublicStats {
  return PublicStatsSchema.parse({
    challengeCount: 20,
    categoryCount: 6,
    rankTierCount: 5,
    badgeCount: 8,
    playerCount: 1234,
    isEventMode: false,
    ...overrides,
  });
}
