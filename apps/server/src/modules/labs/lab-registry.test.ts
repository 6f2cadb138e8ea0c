import { describe, expect, it } from 'vitest';

import { LabResponseSchema } from '@drapeau/shared';

import { PACK_CHALLENGES } from '../../../test/pack.js';

import { LAB_HANDLERS } from './lab-registry.js';
import { runLab } from './lab-test-helpers.js';

describe('LAB_HANDLERS', () => {
  it('has one handler per lab of the built-in pack, and a lab of the pack per handler', () => {
    const labs = PACK_CHALLENGES.flatMap((challenge) => (challenge.lab ? [challenge.lab] : []));
    expect([...LAB_HANDLERS.keys()].sort()).toEqual([...labs].sort());
    expect(LAB_HANDLERS.size).toBeGreaterThanOrEqual(11);
  });

  it('keys each handler by its own challenge id', () => {
    for (const [id, handler] of LAB_HANDLERS) expect(handler.challengeId).toBe(id);
  });

  it.each([...LAB_HANDLERS.keys()])('%s answers unknown-action to an action it does not know', (id) => {
    const handler = LAB_HANDLERS.get(id);
    if (!handler) throw new Error(id);
    for (const action of ['nope', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(runLab(handler, action)).toEqual({ ok: false, code: 'unknown-action', output: {} });
    }
  });

  it.each([...LAB_HANDLERS.keys()])('%s answers with the shared LabResponse shape', (id) => {
    const handler = LAB_HANDLERS.get(id);
    if (!handler) throw new Error(id);
    for (const action of [
      'panel',
      'validate',
      'issue-keys',
      'comment',
      'login',
      'sample',
      'verify',
      'ping',
      'get',
      'view',
      'run',
      'render',
      'send',
    ]) {
      const { headers: _headers, ...body } = runLab(handler, action);
      expect(LabResponseSchema.parse(body)).toEqual(body);
    }
  });
});
