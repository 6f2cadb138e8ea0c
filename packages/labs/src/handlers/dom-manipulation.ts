import { createLabHandler, readInput, type LabResult } from '../lab-handler.js';

/**
 * The one string the access check accepts. It is not secret: the page puts it in a data attribute of the disabled
 * input (fetched with the `panel` action), for players who inspect the DOM to find.
 */
export const DOM_ACCESS_CODE = 'unlock-the-door';

export const domManipulationLab = createLabHandler('dom-manipulation', {
  panel: () => ({ ok: false, code: 'panel', output: { accessCode: DOM_ACCESS_CODE } }),
  validate: (input, { flag }): LabResult =>
    readInput(input, 'value') === DOM_ACCESS_CODE
      ? { ok: true, code: 'granted', output: { flag } }
      : { ok: false, code: 'denied', output: {} },
});
