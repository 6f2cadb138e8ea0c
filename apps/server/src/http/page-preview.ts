import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type { FastifyInstance } from 'fastify';

import type { CategoryList, PublicChallenge } from '@drapeau/shared';

/** A page's first paint as the web app draws it (apps/web `src/server-render/page-preview.tsx`). */
interface PagePreview {
  /** The inside of index.html's `#root`. */
  root: string;
  /** The text of the page's `<title>`, escaped as markup. */
  titleHtml: string;
}

/** What the web build's `ssr/page-preview.js` exports (apps/web `src/server-render/page-preview.tsx`). */
export interface PreviewRenderer {
  renderChallengePreview(input: {
    challenge: PublicChallenge;
    categories: CategoryList;
    language: 'en' | 'fr';
    isDisclaimerShown: boolean;
  }): Promise<PagePreview | null>;
}

interface PreviewVisit {
  /** The path, decoded, without the query. */
  urlPath: string;
  /** The request's Cookie header: the session whose reads the preview shows. */
  cookie: string;
  language: 'en' | 'fr';
  isDisclaimerShown: boolean;
}

/** index.html's variant with a page's first paint in it, or undefined to send the variant as it is. */
export type DrawPreview = (visit: PreviewVisit, html: string) => Promise<string | undefined>;

const CHALLENGE_PAGE = /^\/challenge\/([^/]+)\/?$/;
const ROOT_START = '<div id="root">';
/** Drawn previews kept, by what they were drawn from: most players see a challenge alike (unsolved, the same counts). */
const KEPT_PREVIEWS = 200;

/** Whether a page may get its first paint from the server: a challenge's page. */
export function mayPreview(urlPath: string): boolean {
  return CHALLENGE_PAGE.test(urlPath);
}

/**
 * The web build's renderer, or undefined for a build without it (older, or a test's) or one that does not load: pages
 * are then sent as built.
 */
export async function loadPreviewRenderer(app: FastifyInstance, webDistDir: string): Promise<PreviewRenderer | undefined> {
  const file = path.join(webDistDir, 'ssr', 'page-preview.js');
  if (!existsSync(file)) return undefined;
  try {
    return (await import(pathToFileURL(file).href)) as PreviewRenderer;
  } catch (error) {
    app.log.error({ err: error, file }, 'page preview: the renderer does not load; pages are sent as built');
    return undefined;
  }
}

/**
 * A challenge page's first paint in its HTML (docs/decisions/017-page-preview.md): for a signed-in visitor, the server
 * reads the challenge and the categories through its own API with the visitor's cookie (`inject`: every guard, the
 * event's gate and the freeze apply as to the browser's own read, and only a 200 is drawn), and the web app's renderer
 * draws the page down to the description into `#root`, and its title. The browser paints it with the HTML; the app then
 * draws the whole page over it (docs/performance.md "Lighthouse"). Anything else, or any failure, sends the page as built.
 */
export function previewDrawer(app: FastifyInstance, renderer: PreviewRenderer): DrawPreview {
  const kept = new Map<string, PagePreview | null>();
  const read = async (url: string, cookie: string): Promise<string | undefined> => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    return response.statusCode === 200 ? response.body : undefined;
  };
  return async ({ urlPath, cookie, language, isDisclaimerShown }, html) => {
    const id = CHALLENGE_PAGE.exec(urlPath)?.[1];
    if (id === undefined) return undefined;
    const rootStart = html.indexOf(ROOT_START);
    const rootEnd = html.lastIndexOf('</div>', html.indexOf('</body>'));
    if (rootStart === -1 || rootEnd < rootStart) return undefined;
    try {
      const [challenge, categories] = await Promise.all([
        read(`/api/challenges/${encodeURIComponent(id)}`, cookie),
        read('/api/categories', cookie),
      ]);
      if (challenge === undefined || categories === undefined) return undefined;
      const key = `${language} ${isDisclaimerShown} ${categories} ${challenge}`;
      let preview = kept.get(key);
      if (preview === undefined) {
        preview = await renderer.renderChallengePreview({
          challenge: JSON.parse(challenge) as PublicChallenge,
          categories: JSON.parse(categories) as CategoryList,
          language,
          isDisclaimerShown,
        });
        if (kept.size >= KEPT_PREVIEWS) kept.delete(kept.keys().next().value ?? '');
        kept.set(key, preview);
      }
      if (preview === null) return undefined;
      const { root, titleHtml } = preview;
      const head = html
        .slice(0, rootStart + ROOT_START.length)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${titleHtml}</title>`);
      return head + root + html.slice(rootEnd);
    } catch (error) {
      app.log.warn({ err: error, urlPath }, 'page preview: not drawn');
      return undefined;
    }
  };
}
