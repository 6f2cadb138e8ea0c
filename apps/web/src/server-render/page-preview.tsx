import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';

import type { CategoryList, PublicChallenge } from '@drapeau/shared';

import { SignedInPage } from '@/app/guards/require-auth';
import { AppFrame, headerPlaceholder, ShellFrame } from '@/app/layout/app-frame';
import { MarkupParserProvider } from '@/components/ui/markdown';
import { categoriesQueryOptions, ChallengePreview } from '@/features/challenges';
import type { Language } from '@/lib/languages';
import { documentTitle } from '@/lib/use-document-title';
import { pickText } from '@/lib/use-locale';

import { parseMarkupOnServer } from './parse-markup';
import { serverI18n } from './server-i18n';

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
  const i18n = await serverI18n(language);
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
