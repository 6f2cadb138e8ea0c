import type {
  ChallengeService,
  ChallengeState,
  FlagKind,
  FlagMatcher,
  Level,
  OptionalAuthoredText,
  Scoring,
} from '@drapeau/shared';

/**
 * A challenge as the server's modules see it (the domain type: no table row leaves the repository). Held in memory by
 * the challenges service and rebuilt on every catalogue change.
 */
interface ChallengeHint {
  id: number;
  content: OptionalAuthoredText;
  cost: number;
}

interface ChallengeAttachment {
  id: number;
  name: string;
  contentType: string;
  /** null for a generated file. */
  sha256: string | null;
  size: number | null;
  /** The file generator's key (a built-in challenge id), for a file made from the flag. */
  generator: string | null;
}

interface ChallengeFlag {
  id: number;
  kind: FlagKind;
  matcher: FlagMatcher;
  content: string;
}

export interface Challenge {
  id: string;
  position: number;
  category: string;
  level: Level;
  title: OptionalAuthoredText;
  description: OptionalAuthoredText;
  explanation: OptionalAuthoredText;
  author: string | null;
  tags: string[];
  scoring: Scoring;
  state: ChallengeState;
  maxAttempts: number | null;
  opensAt: Date | null;
  closesAt: Date | null;
  lab: string | null;
  /** ctfcli's `connection_info`: where players reach a service that runs elsewhere. */
  connectionInfo: string | null;
  /** The service each player (or team) starts, if any (written by the instances module: not part of a draft). */
  service: ChallengeService | null;
  /** The folder a built image came from (`image:`) and its build context's blob, written back by an export. */
  serviceSource: { folder: string; contextSha256: string } | null;
  isBuiltIn: boolean;
  hints: ChallengeHint[];
  attachments: ChallengeAttachment[];
  flags: ChallengeFlag[];
  prerequisites: string[];
  updatedAt: Date;
}

/** What is written: a challenge without the ids the database gives its parts. */
export type ChallengeDraft = Omit<Challenge, 'hints' | 'attachments' | 'flags' | 'updatedAt' | 'service' | 'serviceSource'> & {
  hints: Omit<ChallengeHint, 'id'>[];
  flags: Omit<ChallengeFlag, 'id'>[];
  /**
   * Generated files, and uploaded ones by content (stored as blobs); a file an edit keeps has no `data` but its stored
   * blob's `sha256` and `size`.
   */
  attachments: (Omit<ChallengeAttachment, 'id' | 'sha256' | 'size'> &
    Partial<Pick<ChallengeAttachment, 'sha256' | 'size'>> & { data: Buffer | null })[];
};

export interface Category {
  key: string;
  name: OptionalAuthoredText;
  icon: string;
  position: number;
  isBuiltIn: boolean;
}

/** Whether every text given in English has its French. */
export function hasFrench(challenge: Pick<Challenge, 'title' | 'description' | 'explanation' | 'hints'>): boolean {
  const texts = [challenge.title, challenge.description, challenge.explanation, ...challenge.hints.map((h) => h.content)];
  return texts.every((t) => t.en === '' || t.fr !== '');
}

/** The French text, or the English one when it is missing. */
export function localized(text: OptionalAuthoredText): { en: string; fr: string } {
  return { en: text.en, fr: text.fr === '' ? text.en : text.fr };
}

/**
 * Whose a solve (and the hints counted against it) is: a player's in solo mode, a team's in team mode
 * (docs/decisions/016-teams.md).
 */
export type SolveOwner = { userId: string } | { teamId: string };

/** A hint opened by a player: for them, or in team mode for their team (`teamId`); its cost is the scoring ledger's fact. */
export interface HintOpened {
  userId: string;
  hintId: number;
  teamId: string | null;
  challengeId: string;
  cost: number;
}
