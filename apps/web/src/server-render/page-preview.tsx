import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';

import type { CategoryList, PublicChallenge } from '@drapeau/shared';

import { SignedInPage } from '@/app/guards/require-auth';
import { AppFrame, headerPlaceholder, ShellFrame } from '@/app/layout/app-frame';
import { MarkupParserProvider } from '@/components/ui/markdown';
import { categoriesQueryOptions, ChallengePreview } from '@/features/challenges';
import { formatNumberText } from '@/lib/format-number';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@/lib/languages';
import { documentTitle } from '@/lib/use-document-title';
import { pickText } from '@/lib/use-locale';

import { parseMarkupOnServer } from './parse-markup';

/** The texts the preview draws: the frame's, and the challenge header's and description's. */
const files = import.meta.glob<Record<string, unknown>>(
  '../locales/*/{common,disclaimer,challenge,challenges,categories,difficulties}.json',
  { eager: true, import: 'default' },
);

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, texts] of Object.entries(files)) {
  const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (language && namespace) (resources[language] ??= {})[namespace] = texts;
}

const instances = new Map<Language, Promise<I18n>>();

/** One i18next per language, set up as the browser's (lib/i18n.ts): the same texts, the same number format. */
function i18nFor(language: Language): Promise<I18n> {
  let ready = instances.get(language);
  if (!ready) {
    const instance = i18next.createInstance();
    ready = instance
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        resources,
        defaultNS: 'common',
        fallbackNS: 'common',
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      })
      .then(() => {
        instance.services.formatter?.add('number', formatNumberText);
        return instance;
      });
    instances.set(language, ready);
  }
  return ready;
}

export interface ChallengePreviewInput {
  /** What `GET /api/challenges/:id` answered the visitor, and `GET /api/categories`. */
  challenge: PublicChallenge;
  categories: CategoryList;
  language: Language;
  isDisclaimerShown: boolean;
}

export interface PagePreview {
  /** The inside of index.html's `#root`. */
  root: string;
  /** The text of the page's `<title>`, escaped as markup. */
  titleHtml: string;
}

/**
 * A challenge page's first paint, drawn by the server into its HTML (apps/server `src/http/page-preview.ts`): the
 * frame as index.html draws it, and the page down to the description, with the app's own components, texts and
 * Markdown renderer. None for a locked or a closed challenge (their notices are drawn by the browser). The app's first
 * render waits for the page's code and reads, then draws the whole page over it (app/page-preview.ts).
 */
export async function renderChallengePreview(input: ChallengePreviewInput): Promise<PagePreview | null> {
  const { challenge, language } = input;
  if (challenge.isLocked || challenge.isClosed) return null;
  const i18n = await i18nFor(language);
  const queryClient = new QueryClient();
  queryClient.setQueryData(categoriesQueryOptions.queryKey, input.categories);
  const root = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MarkupParserProvider value={parseMarkupOnServer}>
          <MemoryRouter initialEntries={[`/challenge/${encodeURIComponent(challenge.id)}`]}>
            <AppFrame isDisclaimerShown={input.isDisclaimerShown}>
              <ShellFrame header={headerPlaceholder}>
                <SignedInPage data-page-preview="challenge">
                  <ChallengePreview challenge={challenge} />
                </SignedInPage>
              </ShellFrame>
            </AppFrame>
          </MemoryRouter>
        </MarkupParserProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { root, titleHtml: renderToStaticMarkup(documentTitle(pickText(challenge.title, language))) };
}
