import type {
  AdminChallenge,
  AdminChallengeBody,
  AdminChallengePatch,
  ChallengeState,
  FlagKind,
  FlagMatcher,
  Level,
} from '@drapeau/shared';

import { fromLocalInput, toLocalInput } from '@/lib/datetime-local';

/**
 * The editor's form state: what the inputs hold (numbers as typed text, times as `datetime-local` values), turned into
 * an AdminChallengeBody on save. The server validates again (docs/challenge-authoring.md).
 */
export interface Bilingual {
  en: string;
  fr: string;
}

export interface FlagDraft {
  kind: FlagKind;
  matcher: FlagMatcher;
  content: string;
}

export interface HintDraft {
  content: Bilingual;
  cost: string;
}

export interface ChallengeDraft {
  id: string;
  title: Bilingual;
  description: Bilingual;
  explanation: Bilingual;
  category: string;
  level: Level;
  scoringType: 'static' | 'dynamic';
  points: string;
  initial: string;
  decay: string;
  minimum: string;
  decayFunction: 'linear' | 'logarithmic';
  author: string;
  tags: string;
  hints: HintDraft[];
  prerequisites: string[];
  opensAt: string;
  closesAt: string;
  maxAttempts: string;
  state: ChallengeState;
  flags: FlagDraft[];
  connectionInfo: string;
}

export const EMPTY_FLAG: FlagDraft = { kind: 'static', matcher: 'exact', content: '' };
export const EMPTY_HINT: HintDraft = { content: { en: '', fr: '' }, cost: '0' };

export function emptyDraft(category = 'web-client'): ChallengeDraft {
  return {
    id: '',
    title: { en: '', fr: '' },
    description: { en: '', fr: '' },
    explanation: { en: '', fr: '' },
    category,
    level: 'easy',
    scoringType: 'static',
    points: '100',
    initial: '500',
    decay: '15',
    minimum: '100',
    decayFunction: 'logarithmic',
    author: '',
    tags: '',
    hints: [],
    prerequisites: [],
    opensAt: '',
    closesAt: '',
    maxAttempts: '',
    state: 'visible',
    flags: [{ ...EMPTY_FLAG }],
    connectionInfo: '',
  };
}

export function draftFromChallenge(challenge: AdminChallenge): ChallengeDraft {
  const { scoring } = challenge;
  return {
    id: challenge.id,
    title: { ...challenge.title },
    description: { ...challenge.description },
    explanation: { ...challenge.explanation },
    category: challenge.category,
    level: challenge.level,
    scoringType: scoring.type,
    points: String(scoring.type === 'static' ? scoring.points : scoring.initial),
    initial: String(scoring.type === 'dynamic' ? scoring.initial : scoring.points),
    decay: String(scoring.type === 'dynamic' ? scoring.decay : 15),
    minimum: String(scoring.type === 'dynamic' ? scoring.minimum : 0),
    decayFunction: scoring.type === 'dynamic' ? scoring.function : 'logarithmic',
    author: challenge.author ?? '',
    tags: challenge.tags.join(', '),
    hints: challenge.hints.map((hint) => ({ content: { ...hint.content }, cost: String(hint.cost) })),
    prerequisites: [...challenge.prerequisites],
    opensAt: toLocalInput(challenge.opensAt),
    closesAt: toLocalInput(challenge.closesAt),
    maxAttempts: challenge.maxAttempts === null ? '' : String(challenge.maxAttempts),
    state: challenge.state,
    flags: challenge.flags.map((flag) => ({ kind: flag.kind, matcher: flag.matcher, content: flag.content })),
    connectionInfo: challenge.connectionInfo ?? '',
  };
}

/** A typed number, or NaN when it is not a whole number (the schema then names the field). */
function toInt(text: string): number {
  return /^\s*-?\d+\s*$/.test(text) ? Number.parseInt(text, 10) : Number.NaN;
}

/** The body to send; zod (AdminChallengeBodySchema) checks it before it leaves. */
export function bodyFromDraft(draft: ChallengeDraft): AdminChallengeBody {
  return {
    ...(draft.id.trim() === '' ? {} : { id: draft.id.trim() }),
    title: draft.title,
    description: draft.description,
    explanation: draft.explanation,
    category: draft.category,
    level: draft.level,
    scoring:
      draft.scoringType === 'static'
        ? { type: 'static', points: toInt(draft.points) }
        : {
            type: 'dynamic',
            initial: toInt(draft.initial),
            decay: toInt(draft.decay),
            minimum: toInt(draft.minimum),
            function: draft.decayFunction,
          },
    author: draft.author.trim() === '' ? null : draft.author.trim(),
    tags: draft.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
    hints: draft.hints.map((hint) => ({ content: hint.content, cost: hint.cost.trim() === '' ? 0 : toInt(hint.cost) })),
    prerequisites: draft.prerequisites,
    opensAt: fromLocalInput(draft.opensAt),
    closesAt: fromLocalInput(draft.closesAt),
    maxAttempts: draft.maxAttempts.trim() === '' ? null : toInt(draft.maxAttempts),
    state: draft.state,
    flags: draft.flags.map((flag) => ({
      kind: flag.kind,
      matcher: flag.kind === 'static' ? flag.matcher : 'exact',
      content: flag.kind === 'static' ? flag.content : '',
    })),
    connectionInfo: draft.connectionInfo.trim() === '' ? null : draft.connectionInfo.trim(),
  };
}

/**
 * The fields of `body` that differ from the saved challenge's: an edit sends only those, so that a field the admin did
 * not touch is never written back (docs/challenge-authoring.md "Routes").
 */
export function patchFromBody(body: AdminChallengeBody, saved: AdminChallenge): AdminChallengePatch {
  const before: Record<string, unknown> = bodyFromDraft(draftFromChallenge(saved));
  const { id: _id, ...fields } = body;
  return Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])),
  );
}
