import { render as renderInDom } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import { parseMarkupOnServer } from '@/server-render/parse-markup';

import { Markdown, MarkupParserProvider } from './markdown';

/** Raw HTML an author (or a stolen admin account, a malicious ctfcli pack, a player's write-up) could store. */
const RAW_HTML = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 1">',
  '<iframe src="javascript:window.__pwned=1"></iframe>',
  '<a href="javascript:window.__pwned=1">raw link</a>',
  '<svg onload="window.__pwned=1"></svg>',
  '<details open ontoggle="window.__pwned=1">x</details>',
  '<style>body{display:none}</style>',
  '<form action="https://evil.example"><input name="flag"></form>',
  '<object data="javascript:window.__pwned=1"></object>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=1">',
  'Inline <img src=x onerror="window.__pwned=1"> and <b onclick="window.__pwned=1">bold</b> tags.',
];

/** The same dangerous URLs in each Markdown syntax that takes a URL. */
const DANGEROUS_URLS = [
  'javascript:window.__pwned=1',
  'JaVaScRiPt:window.__pwned=1',
  'jav&#x61;script:window.__pwned=1',
  '&#106;avascript:window.__pwned=1',
  'javascript&colon;window.__pwned=1',
  'vbscript:msgbox',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
];
const URL_SYNTAXES = DANGEROUS_URLS.flatMap((url, index) => [
  `[inline ${index}](${url})`,
  `[angle ${index}](<${url}>)`,
  `[reference ${index}][r${index}]`,
  `![image ${index}](${url})`,
  `![image reference ${index}][r${index}]`,
  `<${url}>`,
  `[r${index}]: ${url}`,
]);

const SAFE_URL = /^(https?:\/\/|mailto:|\/|#|\?|\.)/i;

function allAttributes(container: HTMLElement) {
  return [...container.querySelectorAll('*')].flatMap((element) => [...element.attributes]);
}

/**
 * Every case twice: with the browser's parser, and with the server's (a challenge page's first paint,
 * server-render/page-preview.tsx), which must rebuild the same elements.
 */
describe.each([
  ['in the browser', undefined],
  ['on the server', parseMarkupOnServer],
])('Markdown, parsed %s', (_where, parser) => {
  const render = (element: ReactNode) =>
    renderInDom(parser ? <MarkupParserProvider value={parser}>{element}</MarkupParserProvider> : element);
  const renderMarkdown = (text: string) => render(<Markdown>{text}</Markdown>).container;

  it('renders the Markdown an author writes: headings, emphasis, code, lists and tables', () => {
    const container = renderMarkdown(
      '# Title\n\nSome **bold**, *italic* and `code`.\n\n- one\n- two\n\n3. three\n4. four\n\n> quoted\n\n---\n\n```\nnc host 1337\n```',
    );
    expect(container.querySelector('h1')).toHaveTextContent('Title');
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    expect(container.querySelector('em')).toHaveTextContent('italic');
    expect(container.querySelector('p code')).toHaveTextContent('code');
    expect(container.querySelectorAll('ul > li')).toHaveLength(2);
    expect(container.querySelector('ol')).toHaveAttribute('start', '3');
    expect(container.querySelector('blockquote')).toHaveTextContent('quoted');
    expect(container.querySelector('hr')).not.toBeNull();
    expect(container.querySelector('pre > code')).toHaveTextContent('nc host 1337');
  });

  it('renders GitHub-flavoured Markdown: tables, strikethrough, autolinks and task lists', () => {
    const container = renderMarkdown(
      [
        '| left | right |\n| :--- | ----: |\n| 1 | 2 |',
        '~~old flag~~',
        'Bare https://example.org/a, www.example.com and ctf@example.org, or <https://example.net>.',
        '- [x] find the port\n- [ ] read the banner',
      ].join('\n\n'),
    );
    expect(container.querySelector('table thead th')).toHaveTextContent('left');
    expect(container.querySelector('table tbody td')).toHaveTextContent('1');
    expect(container.querySelectorAll('td')[1]).toHaveStyle({ textAlign: 'right' });
    expect(container.querySelector('del')).toHaveTextContent('old flag');
    expect([...container.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      'https://example.org/a',
      'http://www.example.com',
      'mailto:ctf@example.org',
      'https://example.net',
    ]);
    const boxes = [...container.querySelectorAll('li input')] as HTMLInputElement[];
    expect(boxes.map((box) => [box.type, box.checked, box.disabled])).toEqual([
      ['checkbox', true, true],
      ['checkbox', false, true],
    ]);
    expect(container.querySelectorAll('li')[0]).toHaveTextContent('find the port');
  });

  it('names each task box by its text, in tight and loose lists, a sub-list apart', () => {
    const tight = render(<Markdown>{'- [x] scan the **host**\n  - [ ] the web port\n- [ ] read the banner'}</Markdown>);
    expect(tight.getByRole('checkbox', { name: 'scan the host' })).toBeChecked();
    expect(tight.getByRole('checkbox', { name: 'the web port' })).not.toBeChecked();
    expect(tight.getByRole('checkbox', { name: 'read the banner' })).toBeDisabled();
    // A label ends where the task's first line does: a sub-list or a second paragraph is not part of it.
    expect(tight.container.querySelectorAll('label ul, label label')).toHaveLength(0);
    tight.unmount();

    const loose = render(<Markdown>{'- [ ] find the port\n\n  More text.\n\n- [x] read the banner'}</Markdown>);
    expect(loose.getByRole('checkbox', { name: 'find the port' })).not.toBeChecked();
    expect(loose.getByRole('checkbox', { name: 'read the banner' })).toBeChecked();
    expect(loose.getByText('More text.').closest('label')).toBeNull();
  });

  it('keeps reference links, titles and encoded characters of safe URLs', () => {
    const container = renderMarkdown(
      'Read [the RFC][rfc] and [the page](/challenges?tag=web&amp;page=2 "Web").\n\n[rfc]: https://www.rfc-editor.org/rfc/rfc7519',
    );
    const [rfc, page] = container.querySelectorAll('a');
    expect(rfc).toHaveAttribute('href', 'https://www.rfc-editor.org/rfc/rfc7519');
    expect(page).toHaveAttribute('href', '/challenges?tag=web&page=2');
    expect(page).toHaveAttribute('title', 'Web');
  });

  it('renders no element, attribute or text of raw HTML', () => {
    const container = renderMarkdown(RAW_HTML.join('\n\n'));
    for (const tag of ['script', 'iframe', 'svg', 'details', 'style', 'form', 'input', 'object', 'math', 'img', 'b']) {
      expect(container.querySelector(tag), tag).toBeNull();
    }
    expect(allAttributes(container).filter((attribute) => attribute.name.startsWith('on'))).toEqual([]);
    // Dropped like react-markdown's skipHtml, not shown as text: only the Markdown's own words remain.
    expect(container.textContent).not.toMatch(/pwned|<|onerror/);
    expect(container).toHaveTextContent('Inline and bold tags.');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('empties javascript:, vbscript: and data: URLs in every syntax, encoded or not', () => {
    const container = renderMarkdown(URL_SYNTAXES.join('\n\n'));
    for (const element of container.querySelectorAll('a, img')) {
      const url = element.getAttribute('href') ?? element.getAttribute('src') ?? '';
      expect(url, element.outerHTML).toMatch(SAFE_URL);
    }
    expect(container.querySelectorAll('a, img')).toHaveLength(0);
    expect(container).toHaveTextContent('inline 0');
    expect(container).toHaveTextContent('reference 2');
  });

  it('keeps only http(s), mailto and relative URLs', () => {
    const container = renderMarkdown(
      '[a](irc://irc.example.org/ctf) [b](xmpp:ctf@example.org) [c](file:///etc/passwd) [d](ftp://example.org) ' +
        '[e](https://example.org) [f](mailto:ctf@example.org) [g](/scoreboard) [h](#hints) [i](notes/a:b)',
    );
    expect([...container.querySelectorAll('a')].map((link) => link.textContent)).toEqual(['e', 'f', 'g', 'h', 'i']);
  });

  it('opens links in a new tab without giving the page a handle on Drapeau', () => {
    const container = renderMarkdown('See [the RFC](https://www.rfc-editor.org/rfc/rfc7519) and https://example.org.');
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')?.split(' ').sort()).toEqual(['nofollow', 'noopener', 'noreferrer']);
    }
    expect(links[0]).toHaveAttribute('href', 'https://www.rfc-editor.org/rfc/rfc7519');
  });

  it('loads images lazily, and leaves only the alt text of an image whose URL was emptied', () => {
    const container = renderMarkdown(
      '![A network map](https://example.org/map.png "Map") ![The hidden payload](javascript:window.__pwned=1)',
    );
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', 'https://example.org/map.png');
    expect(images[0]).toHaveAttribute('alt', 'A network map');
    expect(images[0]).toHaveAttribute('loading', 'lazy');
    expect(container).toHaveTextContent('The hidden payload');
  });

  it('keeps the attributes it is given on its frame', () => {
    const { container } = render(
      <Markdown id="hint-1" lang="fr" className="text-sm">
        Indice
      </Markdown>,
    );
    const frame = container.firstElementChild;
    expect(frame).toHaveAttribute('id', 'hint-1');
    expect(frame).toHaveAttribute('lang', 'fr');
    expect(frame).toHaveClass('text-sm');
    expect(frame).toHaveTextContent('Indice');
  });
});
