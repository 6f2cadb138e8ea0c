import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';

import { AppFrame, AppShellFallback } from '../src/app/layout/app-frame';
import type { Language } from '../src/lib/languages';
import { serverI18n } from '../src/server-render/server-i18n';

/**
 * The markup React's first render draws in `#root` (main.tsx: the router's loading frame under AppFrame) for a
 * language and whether the disclaimer was dismissed. Run by the build (build/app-frame.ts) with the app's own
 * components and texts, so that the frame in index.html cannot drift from the one React draws over it.
 */
export async function renderFrame(language: Language, isDisclaimerShown: boolean): Promise<string> {
  const i18n = await serverI18n(language);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <AppFrame isDisclaimerShown={isDisclaimerShown}>
        <AppShellFallback />
      </AppFrame>
    </I18nextProvider>,
  );
}
