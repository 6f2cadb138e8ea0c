import { createHash } from 'node:crypto';

import type { AdminChallengeBody } from '@drapeau/shared';

import { AppError, badRequest } from '../../../lib/app-error.js';
import { findCycle } from '../model/challenge-rules.js';
import type { Challenge, ChallengeDraft } from '../model/challenge.js';
import { validateFlagPattern } from '../flags/flag-check.js';

/** The checks an admin's challenge must pass before it is written (each a 400 with its code). */
export function checkDraft(
  draft: ChallengeDraft,
  context: { categories: ReadonlySet<string>; challenges: ReadonlyMap<string, Challenge> },
): void {
  if (!context.categories.has(draft.category)) throw badRequest('CATEGORY_NOT_FOUND', `Unknown category "${draft.category}".`);
  for (const id of draft.prerequisites) {
    if (id === draft.id || !context.challenges.has(id))
      throw badRequest('UNKNOWN_PREREQUISITE', `"${id}" is not another challenge.`);
  }
  const graph = new Map([...context.challenges.values()].map((c) => [c.id, c.prerequisites]));
  graph.set(draft.id, draft.prerequisites);
  const cycle = findCycle(graph);
  if (cycle) throw badRequest('REQUIREMENT_CYCLE', `Prerequisites form a cycle: ${cycle.join(' → ')}.`);
  draft.flags.forEach((flag, i) => {
    if (flag.matcher !== 'regex') return;
    const reason = validateFlagPattern(flag.content);
    if (reason) throw new AppError('INVALID_FLAG_PATTERN', 400, `Flag ${i + 1}: ${reason}`);
  });
  if (draft.opensAt && draft.closesAt && draft.opensAt >= draft.closesAt)
    throw badRequest('INVALID_SCHEDULE', 'The close time must come after the open time.');
}

/** An admin's body (create, or an edit merged over the existing challenge) as a draft. */
export function draftFromBody(
  id: string,
  body: Omit<AdminChallengeBody, 'id'>,
  existing: Challenge | undefined,
  position: number,
): ChallengeDraft {
  return {
    id,
    position: existing?.position ?? position,
    category: body.category,
    level: body.level,
    title: body.title,
    description: body.description,
    explanation: body.explanation,
    author: body.author,
    tags: body.tags,
    scoring: body.scoring,
    state: body.state,
    maxAttempts: body.maxAttempts,
    opensAt: body.opensAt ? new Date(body.opensAt) : null,
    closesAt: body.closesAt ? new Date(body.closesAt) : null,
    lab: existing?.lab ?? null,
    connectionInfo: body.connectionInfo,
    isBuiltIn: existing?.isBuiltIn ?? false,
    hints: body.hints.map((h) => ({ content: h.content, cost: h.cost })),
    flags: body.flags.map((f) => ({ kind: f.kind, matcher: f.matcher, content: f.kind === 'static' ? f.content : '' })),
    attachments: (existing?.attachments ?? []).map((a) => ({ ...a, data: null })),
    prerequisites: [...new Set(body.prerequisites)],
  };
}

/** The body an existing challenge would have been written with (the base an edit is merged over). */
export function bodyOf(challenge: Challenge): Omit<AdminChallengeBody, 'id'> {
  return {
    title: challenge.title,
    description: challenge.description,
    explanation: challenge.explanation,
    category: challenge.category,
    level: challenge.level,
    scoring: challenge.scoring,
    author: challenge.author,
    tags: challenge.tags,
    hints: challenge.hints.map((h) => ({ content: h.content, cost: h.cost })),
    prerequisites: challenge.prerequisites,
    opensAt: challenge.opensAt?.toISOString() ?? null,
    closesAt: challenge.closesAt?.toISOString() ?? null,
    maxAttempts: challenge.maxAttempts,
    state: challenge.state,
    flags: challenge.flags.map((f) => ({ kind: f.kind, matcher: f.matcher, content: f.content })),
    connectionInfo: challenge.connectionInfo,
  };
}

/** A stable fingerprint of what a draft writes: equal for an import that changes nothing. */
export function draftSignature(d: ChallengeDraft | Challenge): string {
  const files = d.attachments.map((a) => {
    const sha = 'data' in a && a.data ? createHash('sha256').update(a.data).digest('hex') : 'sha256' in a ? a.sha256 : null;
    return [a.name, a.contentType, a.generator, sha];
  });
  return JSON.stringify([
    d.id,
    d.position,
    d.category,
    d.level,
    d.title,
    d.description,
    d.explanation,
    d.author,
    d.tags,
    d.scoring,
    d.state,
    d.maxAttempts,
    d.opensAt?.toISOString() ?? null,
    d.closesAt?.toISOString() ?? null,
    d.lab,
    d.connectionInfo,
    d.isBuiltIn,
    d.hints.map((h) => [h.content, h.cost]),
    d.flags.map((f) => [f.kind, f.matcher, f.content]),
    files,
    [...d.prerequisites].sort(),
  ]);
}
