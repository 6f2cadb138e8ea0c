import {
  ChallengeSummarySchema,
  PublicChallengeSchema,
  PublicStatsSchema,
  PublicUserSchema,
  type ChallengeList,
  type ChallengeSummary,
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

/** A challenge as the detail route gives it; by default with one free hint and no file. */
export function buildChallenge(overrides: Partial<PublicChallenge> = {}): PublicChallenge {
  return PublicChallengeSchema.parse({
    id: 'dom-manipulation',
    category: 'web-client',
    level: 'very-easy',
    points: 10,
    scoring: 'static',
    title: { en: 'DOM Manipulation', fr: 'Manipulation du DOM' },
    description: { en: 'Enable the button.', fr: 'Activez le bouton.' },
    author: null,
    tags: [],
    hints: [
      {
        id: 1,
        cost: 0,
        isOpened: false,
        content: { en: 'Open the developer tools.', fr: 'Ouvrez les outils de développement.' },
      },
    ],
    attachments: [],
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
    solved: false,
    solvedAfterFreeze: false,
    solveCount: 3,
    firstBlood: null,
    ...overrides,
  });
}

/** What the list route gives of a challenge (ChallengeSummarySchema), as the server cuts it from the detail's view. */
export function toSummary(challenge: PublicChallenge): ChallengeSummary {
  return ChallengeSummarySchema.parse({ ...challenge, hasExplanation: challenge.explanation !== null });
}

/** GET /api/challenges as the server answers it to the player these challenges are the views of (mergeChallengeList). */
export function toChallengeList(challenges: PublicChallenge[]): ChallengeList {
  const summaries = challenges.map(toSummary);
  return {
    challenges: summaries.map(({ solved: _solved, solvedAfterFreeze: _afterFreeze, ...shared }) => shared),
    own: {
      solved: summaries.filter((c) => c.solved).map((c) => c.id),
      solvedAfterFreeze: summaries.filter((c) => c.solvedAfterFreeze).map((c) => c.id),
      challenges: [],
    },
  };
}

/** A challenge as the list gives it. */
export function buildSummary(overrides: Partial<PublicChallenge> = {}): ChallengeSummary {
  return toSummary(buildChallenge(overrides));
}

/** A file of the challenge `id`, as the detail lists it. */
export function buildAttachment(id: string, name: string) {
  return { id: 1, name, size: 1024, sha256: null, url: `/api/challenges/${id}/attachments/1` };
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
      hints: [],
      attachments: [buildAttachment('memory-dump-analysis', 'memory.dmp')],
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
