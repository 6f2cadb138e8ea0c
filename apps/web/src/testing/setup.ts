import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';

import { clearToasts } from '@/components/ui/use-toast';
import { i18n, i18nReady, namespaces } from '@/lib/i18n';

import { server } from './server';

// jsdom lacks the layout APIs that Radix Select and Tooltip call.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
const elementStubs = { hasPointerCapture: () => false, releasePointerCapture: () => undefined, scrollIntoView: () => undefined };
for (const [name, value] of Object.entries(elementStubs)) {
  if (!(name in Element.prototype)) Object.defineProperty(Element.prototype, name, { value, configurable: true, writable: true });
}

// Signed-in pages are lazy routes: their first load in a test file includes transforming their code. Generous: a waitFor
// or findBy* ends as soon as its condition holds; the bound only matters on a busy machine (load average 8) or a failure.
configure({ asyncUtilTimeout: 30_000 });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Components render every text at once, as in the app once its route has loaded its namespaces.
  await i18nReady;
  await i18n.loadNamespaces(namespaces);
  await i18n.loadLanguages(['en', 'fr']);
});

afterEach(async () => {
  cleanup();
  clearToasts();
  server.resetHandlers();
  window.localStorage.clear();
  // The display preferences' cookies (lib/preference-cookie.ts), which jsdom keeps from one test to the next.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  await i18n.changeLanguage('en');
});

afterAll(() => server.close());
