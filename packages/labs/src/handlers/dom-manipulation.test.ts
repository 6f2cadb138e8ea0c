import { describe, expect, it } from 'vitest';

import { expectFlag, expectNoFlag, runLab } from '../lab-test-helpers.js';

import { DOM_ACCESS_CODE, domManipulationLab } from './dom-manipulation.js';

describe('dom-manipulation lab', () => {
  it('gives the page the access code it hides in the DOM, without the flag', () => {
    const result = runLab(domManipulationLab, 'panel');
    expect(result).toMatchObject({ code: 'panel', output: { accessCode: DOM_ACCESS_CODE } });
    expectNoFlag(result);
  });

  it('returns the flag for the one accepted string', () => {
    const result = runLab(domManipulationLab, 'validate', { value: DOM_ACCESS_CODE });
    expect(result.code).toBe('granted');
    expectFlag(result);
  });

  it.each(['', 'unlock', `${DOM_ACCESS_CODE} `, DOM_ACCESS_CODE.toUpperCase(), 'CTF{'])(
    'denies %j without leaking the flag',
    (value) => {
      const result = runLab(domManipulationLab, 'validate', { value });
      expect(result.code).toBe('denied');
      expectNoFlag(result);
    },
  );

  it('denies a request without a value', () => {
    expect(runLab(domManipulationLab, 'validate').code).toBe('denied');
  });

  it('answers unknown-action to anything else', () => {
    const result = runLab(domManipulationLab, 'open');
    expect(result.code).toBe('unknown-action');
    expectNoFlag(result);
  });
});
