import { createLabHandler, readInput, type LabResult } from '../lab-handler.js';

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

/** Success (docs/product.md#in-page-labs): what survives the filter contains `onload`, or both `img` and `src`. */
export function isFilterBypassed(sanitized: string): boolean {
  const lower = sanitized.toLowerCase();
  return lower.includes('onload') || (lower.includes('img') && lower.includes('src'));
}

export const xssFilterBypassLab = createLabHandler('xss-filter-bypass', {
  comment: (input, { flag }): LabResult => {
    const html = sanitizeComment(readInput(input, 'html'));
    return isFilterBypassed(html)
      ? { ok: true, code: 'bypassed', output: { html, flag } }
      : { ok: false, code: 'filtered', output: { html } };
  },
});
