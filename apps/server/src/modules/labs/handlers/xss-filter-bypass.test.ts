import { describe, expect, it } from 'vitest';

import { expectFlag, expectNoFlag, runLab } from '../lab-test-helpers.js';

import { sanitizeComment, xssFilterBypassLab } from './xss-filter-bypass.js';

describe('sanitizeComment', () => {
  it('strips script elements and stray script tags, whatever their case', () => {
    expect(sanitizeComment('a<script>alert(1)</script>b')).toBe('ab');
    expect(sanitizeComment('a<ScRiPt src="x.js"></sCrIpT>b')).toBe('ab');
    expect(sanitizeComment('a<script>b')).toBe('ab');
    expect(sanitizeComment('a</SCRIPT >b')).toBe('ab');
  });

  it('strips javascript: and onerror=, whatever their case', () => {
    expect(sanitizeComment('<a href="JavaScript:alert(1)">x</a>')).toBe('<a href="alert(1)">x</a>');
    expect(sanitizeComment('<b OnError=alert(1)>x</b>')).toBe('<b alert(1)>x</b>');
  });

  it('keeps harmless text as it is', () => {
    expect(sanitizeComment('<b>Nice post!</b>')).toBe('<b>Nice post!</b>');
  });
});

describe('xss-filter-bypass lab', () => {
  it.each([
    '<svg onload=alert(1)>',
    '<body ONLOAD="alert(1)">',
    '<img src=x onmouseover=alert(1)>',
    '<IMG SRC=x onerror=alert(1)>',
  ])('accepts %j, returns the sanitized HTML and the flag', (html) => {
    const result = runLab(xssFilterBypassLab, 'comment', { html });
    expect(result.code).toBe('bypassed');
    expect(result.output.html).toBe(sanitizeComment(html));
    expectFlag(result);
  });

  it.each(['<script>alert(1)</script>', '<a href="javascript:alert(1)">x</a>', 'hello', '<img alt=x>', ''])(
    'filters %j without leaking the flag',
    (html) => {
      const result = runLab(xssFilterBypassLab, 'comment', { html });
      expect(result.code).toBe('filtered');
      expect(result.output.html).toBe(sanitizeComment(html));
      expectNoFlag(result);
    },
  );

  it('judges the sanitized result, not the raw input', () => {
    const result = runLab(xssFilterBypassLab, 'comment', { html: '<script>onload</script>' });
    expect(result.code).toBe('filtered');
  });

  it('answers unknown-action to anything else', () => {
    expect(runLab(xssFilterBypassLab, 'post').code).toBe('unknown-action');
  });
});
