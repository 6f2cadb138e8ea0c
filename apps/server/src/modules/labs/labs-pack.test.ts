import { describe, expect, it } from 'vitest';

import { LAB_HANDLERS } from '@drapeau/labs';

import { PACK_CHALLENGES } from '../../../test/pack.js';

describe('the built-in pack and @drapeau/labs', () => {
  it('has one handler per lab of the built-in pack, and a lab of the pack per handler', () => {
    const labs = PACK_CHALLENGES.flatMap((challenge) => (challenge.lab ? [challenge.lab] : []));
    expect([...LAB_HANDLERS.keys()].sort()).toEqual([...labs].sort());
    expect(LAB_HANDLERS.size).toBeGreaterThanOrEqual(11);
  });
});
