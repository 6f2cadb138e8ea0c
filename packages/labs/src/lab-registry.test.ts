import { beforeAll, describe, expect, it } from 'vitest';

import { LabResponseSchema } from '@drapeau/shared';

import { LAB_HANDLERS } from './lab-registry.js';
import { runLab } from './lab-test-helpers.js';
import { loadSqlEngine } from './handlers/sql-sandbox.js';

beforeAll(loadSqlEngine);

describe('LAB_HANDLERS', () => {
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
