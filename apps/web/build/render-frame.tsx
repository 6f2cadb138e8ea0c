import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';

import { AppFrame, AppShellFallback } from '../src/app/layout/app-frame';
import enCommon from '../src/locales/en/common.json';
import enDisclaimer from '../src/locales/en/disclaimer.json';
import frCommon from '../src/locales/fr/common.json';
import frDisclaimer from '../src/locales/fr/disclaimer.json';

const RESOURCES = {
  en: { common: enCommon, disclaimer: enDisclaimer },
  fr: { common: frCommon, disclaimer: frDisclaimer },
};

/**
 * The markup React's first render draws in `#root` (main.tsx: the router's loading frame under AppFrame) for a
 * language and whether the disclaimer was dismissed. Run by the build (build/app-frame.ts) with the app's own
 * components and texts, so that the frame in index.html cannot drift from the one React draws over it.
 */
export async function renderFrame(language: keyof typeof RESOURCES, isDisclaimerShown: boolean): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: RESOURCES,
    ns: ['common', 'disclaimer'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <AppFrame isDisclaimerShown={isDisclaimerShown}>
        <AppShellFallback />
      </AppFrame>
    </I18nextProvider>,
  );
}
