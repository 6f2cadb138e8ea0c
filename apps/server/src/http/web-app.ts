import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { readCookie, SESSION_COOKIE_PREFIX } from '../modules/auth/session-cookie.js';

import { loadPagePreloads } from './page-preloads.js';
import { loadPreviewRenderer, mayPreview, previewDrawer, type DrawPreview } from './page-preview.js';

/**
 * The web app's display preferences, kept in cookies by the browser beside localStorage (apps/web
 * `lib/preference-cookie.ts`): the language (`en` | `fr`) and the disclaimer's dismissal (`true`). Anything else is the
 * default: English, the disclaimer shown.
 */
const LANGUAGE_COOKIE = 'language';
const DISCLAIMER_COOKIE = 'security-disclaimer-dismissed';
/** The session's cookie (better-auth's name, `__Secure-` over HTTPS): its presence says a page's reads are worth announcing. */
const SESSION_COOKIES = [`${SESSION_COOKIE_PREFIX}.session_token`, `__Secure-${SESSION_COOKIE_PREFIX}.session_token`];

/**
 * The variant of index.html whose frame (the disclaimer, the header's place, a spinner, drawn at build time by
 * apps/web `build/app-frame.ts`, which names the files the same way) is the one the app will draw for this visitor:
 * `index.html`, `index-fr.html`, `index-dismissed.html`, `index-fr-dismissed.html`.
 */
function indexFileFor(language: 'en' | 'fr', isDisclaimerShown: boolean): string {
  return `index${language === 'fr' ? '-fr' : ''}${isDisclaimerShown ? '' : '-dismissed'}.html`;
}

/**
 * Serves the built SPA from one port with the API (docs/decisions/009-delivery.md):
 * - the files as compressed at build time (`.br`, else `.gz`, per Accept-Encoding);
 * - hashed assets cached for a year as immutable; everything else, index.html first, revalidated on each use;
 * - unknown paths without an extension get index.html (SPA fallback), so that deep links such as /challenge/xyz work on
 *   reload; an unknown path with an extension (/wp-login.php, /missing.png) is a 404, not the app's HTML;
 * - index.html in the visitor's language and with the disclaimer or without, by their cookies (`Vary: Cookie`), so
 *   that the frame it draws before any script is the app's (docs/performance.md "Lighthouse"). A build without the
 *   variants (older, or a test's) has index.html sent to everyone.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  /**
   * The guard of a signed-in page's reads (http/auth-guards.ts requireUser): a visitor whose session it refuses (expired,
   * signed out, banned) is announced nothing, instead of reads answered 401 or 403 that the browser reports in its
   * console (docs/performance.md "Lighthouse"). Without it, the cookie's presence.
   */
  requireUser?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
): Promise<void> {
  const isSignedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> =>
    requireUser
      ? requireUser(request, reply).then(
          () => true,
          () => false,
        )
      : true;
  const indexHtml = path.join(webDistDir, 'index.html');
  if (!existsSync(indexHtml)) {
    app.log.warn({ webDistDir }, 'web app not built: serving the API only');
    return;
  }
  // No route per file (`serve: false`): the catch-all below sends files with the plugin's sendFile, which negotiates the
  // precompressed copies the same way; registering a route for each of the build's several hundred files was a tenth of
  // a second of every cold start (docs/performance.md "Cold start").
  await app.register(fastifyStatic, {
    root: webDistDir,
    serve: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        void reply.header('cache-control', 'public, max-age=31536000, immutable');
      else void reply.header('cache-control', 'no-cache');
    },
  });
  const hasVariants = ['index-fr.html', 'index-dismissed.html', 'index-fr-dismissed.html'].every((name) =>
    existsSync(path.join(webDistDir, name)),
  );
  const preloadLinks = loadPagePreloads(webDistDir);
  // Loaded at the first page that may show a preview, not at start: the module is 0.6 MB (docs/performance.md "Cold start").
  let drawPreview: Promise<DrawPreview | undefined> | undefined;
  const previewDrawerOnce = () =>
    (drawPreview ??= loadPreviewRenderer(app, webDistDir).then((renderer) => renderer && previewDrawer(app, renderer)));
  const variants = new Map<string, string>();
  const variantHtml = (file: string) => {
    let html = variants.get(file);
    if (html === undefined) {
      html = readFileSync(path.join(webDistDir, file), 'utf8');
      variants.set(file, html);
    }
    return html;
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, urlPath: string) => {
    const cookies = request.headers.cookie ?? '';
    const hasSession = SESSION_COOKIES.some((name) => readCookie(cookies, name) !== undefined);
    const language = readCookie(cookies, LANGUAGE_COOKIE) === 'fr' ? 'fr' : 'en';
    const isDisclaimerShown = readCookie(cookies, DISCLAIMER_COOKIE) !== 'true';
    const signedIn = hasSession && (await isSignedIn(request, reply));
    const file = hasVariants ? indexFileFor(language, isDisclaimerShown) : 'index.html';
    const draw = signedIn && mayPreview(urlPath) ? await previewDrawerOnce() : undefined;
    const withPreview = await draw?.({ urlPath, cookie: cookies, language, isDisclaimerShown }, variantHtml(file));
    const isPreviewed = withPreview !== undefined;
    const links = preloadLinks?.({ urlPath, language, isSignedIn: signedIn, isPreviewed });
    if (links) void reply.header('link', links);
    // The server's time: the page's live stream asks for the events since then (docs/product.md#live-updates). A page
    // with its first paint holds what this visitor may read: never kept by a shared cache.
    void reply
      .header('cache-control', isPreviewed ? 'private, no-cache' : 'no-cache')
      .header('server-timing', `clock;desc=${Date.now()}`);
    // The variant and the announced files and reads depend on the cookies.
    if (hasVariants || preloadLinks || isPreviewed) void reply.header('vary', 'Cookie');
    return isPreviewed ? reply.type('text/html; charset=utf-8').send(withPreview) : reply.sendFile(file);
  };
  app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply, '/'));
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      // A malformed escape (`/%E0%A4%A`) names no file and no page.
      return reply.callNotFound();
    }
    if (urlPath.startsWith('/api/')) return reply.callNotFound();
    if (urlPath === '/index.html') return sendIndex(request, reply, urlPath);
    const candidate = path.join(webDistDir, path.normalize(urlPath));
    // `ssr/`: the server's own module (page-preview.ts), not one of the app's files.
    const isServed =
      candidate.startsWith(webDistDir + path.sep) && !candidate.startsWith(path.join(webDistDir, 'ssr') + path.sep);
    if (isServed && existsSync(candidate) && !candidate.endsWith(path.sep)) {
      return reply.sendFile(path.relative(webDistDir, candidate));
    }
    // A dot in the last segment: a file (/x.php, /.env), never one of the app's pages.
    if (path.posix.basename(urlPath).includes('.')) return reply.callNotFound();
    return sendIndex(request, reply, urlPath);
  });
}
