import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { z } from 'zod';

/**
 * The files and reads announced with each page's HTML in a `Link` header (docs/performance.md "Lighthouse"), from
 * `page-preloads.json`, written by the web app's build (apps/web `build/page-preloads.ts`) from its pages
 * (apps/web `src/app/pages.ts`): the browser fetches the page's code, its texts and, signed in, its first reads while it
 * parses the HTML, instead of one round trip after another as each script runs. The web app's own requests then take
 * those answers (same address, credentials included).
 */
const PagePreloadsSchema = z.object({
  pages: z.array(
    z.object({
      path: z.string(),
      access: z.enum(['public-only', 'signed-in', 'anyone']),
      files: z.array(z.string()),
      localeGroups: z.array(z.string()),
      reads: z.array(z.string()),
    }),
  ),
  signedIn: z.object({ files: z.array(z.string()), reads: z.array(z.string()) }),
  // Absent from builds before it.
  styles: z.array(z.string()).default([]),
  locales: z.record(z.string(), z.record(z.string(), z.string())),
});

/** A react-router path (`/challenge/:id`, `/admin/:section?/:page?`, `*`) as an anchored pattern with named groups. */
function patternOf(routePath: string): RegExp {
  if (routePath === '*') return /^/;
  const parts = routePath
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment);
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      return param[2] ? `(?:/(?<${param[1]}>[^/]+))?` : `/(?<${param[1]}>[^/]+)`;
    });
  return new RegExp(`^${parts.join('') || '/'}/?$`);
}

/** A segment as it may stand in a read's address unchanged: what the app itself encodes to the same text. */
const PLAIN_SEGMENT = /^[\w.~-]+$/;

interface PageVisit {
  /** The path, without the query. */
  urlPath: string;
  language: string;
  isSignedIn: boolean;
  /**
   * Whether the page's first paint is in its HTML (page-preview.ts): its modules are then not announced, since they
   * would only take the phone's bandwidth from the stylesheet the first paint waits for; the page's reads still are.
   */
  isPreviewed?: boolean;
}

/**
 * The `Link` header value for a visit, or undefined: nothing for a page the visitor is sent away from (a signed-in
 * page to a visitor, the login to a signed-in user), reads only with a session (a visitor's would answer 401).
 */
export type PreloadLinks = (visit: PageVisit) => string | undefined;

export function loadPagePreloads(webDistDir: string): PreloadLinks | undefined {
  const file = path.join(webDistDir, 'page-preloads.json');
  if (!existsSync(file)) return undefined;
  const preloads = PagePreloadsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const pages = preloads.pages.map((page) => ({ ...page, pattern: patternOf(page.path) }));
  const script = (file: string) => `<${file}>; rel=modulepreload; crossorigin`;
  const read = (address: string) => `<${address}>; rel=preload; as=fetch; crossorigin=use-credentials`;
  const style = (file: string) => `<${file}>; rel=preload; as=style; crossorigin`;
  /** A read's address with the page's segments in place of `:name`, or undefined when one would not stand in it as it is. */
  const filled = (address: string, params: Record<string, string | undefined>) => {
    let isPlain = true;
    const result = address.replace(/:(\w+)/g, (_all, name: string) => {
      const value = params[name] ?? '';
      isPlain &&= PLAIN_SEGMENT.test(value);
      return value;
    });
    return isPlain ? result : undefined;
  };
  return ({ urlPath, language, isSignedIn, isPreviewed = false }) => {
    const found = pages.map((page) => ({ page, match: page.pattern.exec(urlPath) })).find(({ match }) => match !== null);
    if (!found) return undefined;
    const { page, match } = found;
    if ((page.access === 'signed-in' && !isSignedIn) || (page.access === 'public-only' && isSignedIn)) return undefined;
    const locales = preloads.locales[language] ?? {};
    const links = isPreviewed
      ? []
      : [...page.files.map(script), ...page.localeGroups.flatMap((group) => (locales[group] ? [script(locales[group])] : []))];
    if (isSignedIn) {
      const reads = [...preloads.signedIn.reads, ...page.reads].flatMap((address) => filled(address, match?.groups ?? {}) ?? []);
      links.unshift(...reads.map(read));
      if (!isPreviewed) links.push(...preloads.signedIn.files.map(script));
    }
    // The stylesheets first: the first paint waits for them (page-preloads.json's `styles`).
    if (links.length > 0) links.unshift(...preloads.styles.map(style));
    // Each once: a module the page and the signed-in frame share costs the browser's main thread a request per mention.
    return links.length > 0 ? [...new Set(links)].join(', ') : undefined;
  };
}
