import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { buildUser } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';

import { renderFrame } from '../../../build/render-frame';

import { DISCLAIMER_STORAGE_KEY } from './disclaimer-banner';

/** Markup as the browser reads it (the server's escapes, such as `&#x27;`, read back as the characters). */
function parsed(markup: string): string {
  const template = document.createElement('template');
  template.innerHTML = markup;
  return template.innerHTML;
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
    expect(container.innerHTML).toBe(parsed(frame));
  });

  it('has the disclaimer in the visitor’s language, or none once dismissed', async () => {
    expect(await renderFrame('fr', true)).toContain('Jouez le jeu');
    expect(await renderFrame('en', true)).toContain('Play fair');
    expect(await renderFrame('en', false)).not.toContain('<aside');
  });
});
