import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';

import { clearToasts } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n';

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

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(async () => {
  cleanup();
  clearToasts();
  server.resetHandlers();
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});

afterAll(() => server.close());
