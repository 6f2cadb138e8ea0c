import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CategoryList } from '@drapeau/shared';

import { buildChallenge } from '@/testing/factories';

import { renderChallengePreview, type ChallengePreviewInput } from './page-preview';

const CATEGORIES: CategoryList = {
  categories: [
    {
      key: 'forensics-lab',
      name: { en: 'Forensics lab', fr: 'Labo d’investigation' },
      icon: 'file-search',
      position: 7,
      isBuiltIn: false,
    },
  ],
};

/** Renders as the server does: without a DOM (the module runs in Node there). */
async function render(overrides: Partial<ChallengePreviewInput> = {}) {
  vi.stubGlobal('document', undefined);
  try {
    return await renderChallengePreview({
      challenge: buildChallenge(),
      categories: CATEGORIES,
      language: 'en',
      isDisclaimerShown: true,
      ...overrides,
    });
  } finally {
    vi.unstubAllGlobals();
  }
}

function parse(root: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = root;
  return container;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a challenge page’s first paint, drawn on the server', () => {
  it('draws the frame and the page down to the description, with the app’s texts, in each language', async () => {
    const challenge = buildChallenge({
      title: { en: 'Forensics 101', fr: 'Investigation 101' },
      description: { en: 'Find the **hidden** file in `disk.img`.', fr: 'Trouvez le fichier **caché**.' },
      category: 'forensics-lab',
      points: 1500,
      solved: true,
    });
    const english = parse((await render({ challenge }))!.root);
    expect(english.querySelector('[data-page-preview="challenge"]')).not.toBeNull();
    expect(english.querySelector('aside')).toHaveTextContent('Training platform');
    expect(english.querySelector('main h1')).toHaveTextContent('Forensics 101');
    expect(english.querySelector('main header')).toHaveTextContent(/Forensics lab.*1,500 pts.*Solved/);
    expect(english.querySelector('[data-slot=markdown] strong')).toHaveTextContent('hidden');
    expect(english.querySelector('[data-slot=markdown] code')).toHaveTextContent('disk.img');
    expect(english.querySelector('a[href="/challenges"]')).toHaveTextContent('Back to Challenges');
    // Down to the description: the files, hints and the flag form are the browser's.
    expect(english.querySelector('form, button[aria-expanded]')).toBeNull();

    const french = await render({ challenge, language: 'fr', isDisclaimerShown: false });
    const frenchRoot = parse(french!.root);
    expect(frenchRoot.querySelector('aside')).toBeNull();
    expect(frenchRoot.querySelector('main h1')).toHaveTextContent('Investigation 101');
    // French groups digits with a narrow no-break space, as the browser's texts do (lib/format-number.ts).
    expect(frenchRoot.querySelector('main header')?.textContent).toMatch(/Labo d’investigation.*1\u202f500\spts/);
    expect(frenchRoot.querySelector('[data-slot=markdown] strong')).toHaveTextContent('caché');
    expect(french!.titleHtml).toBe('Investigation 101 · Drapeau');
  });

  it('writes an author’s markup as text, and keeps no script, handler or dangerous URL of a description', async () => {
    const preview = await render({
      challenge: buildChallenge({
        title: { en: '</title><script>window.__pwned=1</script>', fr: 'x' },
        description: {
          en: '<script>window.__pwned=1</script>\n\n<img src=x onerror="window.__pwned=1">\n\n[link](javascript:window.__pwned=1) [ok](https://example.org)',
          fr: 'x',
        },
      }),
    });
    expect(preview!.titleHtml).toBe('&lt;/title&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt; · Drapeau');
    expect(preview!.root).not.toMatch(/<script|<img|onerror|javascript:/i);
    const root = parse(preview!.root);
    expect(root.querySelector('main h1')).toHaveTextContent('</title><script>window.__pwned=1</script>');
    expect([...root.querySelectorAll('[data-slot=markdown] a')].map((link) => link.getAttribute('href'))).toEqual([
      'https://example.org',
    ]);
    expect(root.querySelector('[data-slot=markdown] a')).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('draws nothing for a locked or a closed challenge, whose notices the browser draws', async () => {
    expect(await render({ challenge: buildChallenge({ isLocked: true }) })).toBeNull();
    expect(await render({ challenge: buildChallenge({ isClosed: true, closesAt: '2026-01-01T00:00:00.000Z' }) })).toBeNull();
  });
});
