import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { buildUser } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';

import { renderFrame } from '../../../build/render-frame';

import { DISCLAIMER_STORAGE_KEY } from './disclaimer-banner';

/** Markup as the browser reads it (the server's escapes, such as `&#x27;`, read back as the characters). */
function parsed(markup: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = markup;
  return template.content;
}

/**
 * The text nodes, one entry each: HTML cannot hold two adjacent ones, which React can draw ("Title" then "."), and the
 * browser shapes a text split in two nodes a fraction of a pixel differently.
 */
function textNodes(root: Node): string[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
  return texts;
}

describe('the frame drawn into index.html at build time', () => {
  it.each([
    ['en', true],
    ['fr', true],
    ['en', false],
    ['fr', false],
  ] as const)('is the markup of the app’s first render (%s, disclaimer shown: %s)', async (language, isDisclaimerShown) => {
    const frame = await renderFrame(language, isDisclaimerShown);
    if (!isDisclaimerShown) window.localStorage.setItem(DISCLAIMER_STORAGE_KEY, 'true');
    await i18n.changeLanguage(language);

    // The first render, before the page's code has arrived: what React draws over index.html's frame.
    const { container } = renderApp('/challenges', { sessionUser: buildUser() });
    expect(within(container).getByRole('status', { name: language === 'en' ? 'Loading...' : 'Chargement…' })).toBeVisible();
    const served = parsed(frame);
    const wrapper = document.createElement('div');
    wrapper.append(served.cloneNode(true));
    expect(container.innerHTML).toBe(wrapper.innerHTML);
    expect(textNodes(container)).toEqual(textNodes(served));
  });

  it('has the disclaimer in the visitor’s language, or none once dismissed', async () => {
    expect(await renderFrame('fr', true)).toContain('Jouez le jeu');
    expect(await renderFrame('en', true)).toContain('Play fair');
    expect(await renderFrame('en', false)).not.toContain('<aside');
  });
});
