import { createLabHandler, readInput, type LabResult } from '../lab-handler.js';

import { judgeMarkup } from './xss-judge.js';

/**
 * The lab's deliberately naive blocklist (docs/product.md#in-page-labs): it strips script elements and tags, `javascript:` and
 * `onerror=`, case-insensitively, in a single pass. Its holes are the exercise.
 */
export function sanitizeComment(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<\/?script\b[^>]*>/gi, '')
    .replace(/javascript:/gi, '')
    .replace(/onerror=/gi, '');
}

/**
 * Success when what survives the filter would run script in a browser as soon as the page shows it (xss-judge.ts);
 * a payload that needs the victim to click or hover is answered apart, without the flag.
 */
export const xssFilterBypassLab = createLabHandler('xss-filter-bypass', {
  comment: (input, { flag }): LabResult => {
    const html = sanitizeComment(readInput(input, 'html'));
    const verdict = judgeMarkup(html);
    if (verdict.kind === 'runs') return { ok: true, code: 'bypassed', output: { html, reason: verdict.reason, flag } };
    if (verdict.kind === 'needs-interaction') {
      return { ok: false, code: 'needs-interaction', output: { html, reason: verdict.reason } };
    }
    return { ok: false, code: 'filtered', output: { html } };
  },
});
