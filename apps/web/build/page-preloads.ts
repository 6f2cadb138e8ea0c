import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Plugin, Rolldown } from 'vite';

import { LOCALE_GROUPS } from '../src/lib/locale-groups.ts';

import { PAGE_READS, SIGNED_IN_READS } from './page-reads.ts';

/**
 * What the server announces with each page's HTML (apps/server `src/http/page-preloads.ts`, which reads this file):
 * the page's code and texts, and when signed in the signed-in frame's code and the page's first reads
 * (build/page-reads.ts). Without it, a phone fetches the page's code only once the first script has run, and its data
 * once that code has run: each step a round trip (docs/performance.md "Lighthouse").
 */
interface PagePreloads {
  pages: {
    path: string;
    access: 'public-only' | 'signed-in' | 'anyone';
    /** The page's module and the modules it imports, but those index.html loads already. */
    files: string[];
    localeGroups: string[];
    reads: string[];
  }[];
  signedIn: { files: string[]; reads: string[] };
  /**
   * index.html's stylesheets, announced first: the first paint waits for them, and over HTTP/1.1 a browser that meets
   * them in the HTML only after forty announced modules queues them behind those (docs/performance.md "Lighthouse").
   */
  styles: string[];
  /** Each locale group's file by language: `locales.fr.app`. */
  locales: Record<string, Record<string, string>>;
}

const ALL_GROUPS = [...Object.keys(LOCALE_GROUPS), 'app'];
/** The groups every page loads: the shell's before the first render (src/lib/i18n.ts). */
const FIRST_GROUPS = ['shell'];

/** A page's texts as app/router.tsx loads them: namespaces by name, every one (`all`), or a signed-in page's. */
type PageNamespaces = readonly string[] | 'signed-in' | 'all';

function localeGroupsOf(namespaces: PageNamespaces): string[] {
  if (namespaces === 'all') return ALL_GROUPS;
  if (namespaces === 'signed-in') return ALL_GROUPS.filter((group) => group !== 'landing' && group !== 'admin');
  const groups = new Set(FIRST_GROUPS);
  for (const namespace of namespaces) {
    const group = Object.entries(LOCALE_GROUPS).find(([, members]) => (members as readonly string[]).includes(namespace));
    groups.add(group?.[0] ?? 'app');
  }
  return [...groups];
}

/** A chunk's file and every file it imports, directly or not (the modules a browser must have to run it). */
function closureOf(
  chunk: Rolldown.OutputChunk,
  byFile: Map<string, Rolldown.OutputChunk>,
  into = new Set<string>(),
): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const file of chunk.imports) {
    const imported = byFile.get(file);
    if (imported) closureOf(imported, byFile, into);
  }
  return into;
}

interface RouterPage {
  path: string;
  access: 'public-only' | 'signed-in' | 'anyone';
  module: string;
  namespaces: PageNamespaces;
}

const LAZY_PAGE =
  /lazyPage\(\s*'([^']+)',\s*\(\)\s*=>\s*import\('\.\/routes\/([\w-]+)'\)\.then\(\(m\)\s*=>\s*(?:m\.\w+|\(\{[^}]*\}\))\)(?:,\s*(\[[^\]]*\]|\w+))?,?\s*\)/g;

/** Where the `children: [...]` after `marker` starts and ends in `source`. */
function childrenOf(source: string, marker: string): [number, number] {
  const start = source.indexOf('children: [', source.indexOf(marker));
  if (source.indexOf(marker) === -1 || start === -1) throw new Error(`page preloads: no ${marker} group in app/router.tsx`);
  let depth = 0;
  for (let at = start + 'children: '.length; at < source.length; at++) {
    if (source[at] === '[') depth++;
    else if (source[at] === ']' && --depth === 0) return [start, at];
  }
  throw new Error(`page preloads: unbalanced ${marker} group in app/router.tsx`);
}

/**
 * The pages of app/router.tsx, read from its source: each `lazyPage(path, () => import('./routes/<module>')…,
 * namespaces?)`, whose access is the guard it is under. The build fails on a call it cannot read.
 */
function routerPages(source: string): RouterPage[] {
  const publicOnly = childrenOf(source, '<PublicOnly />');
  const signedIn = childrenOf(source, '<RequireAuth />');
  const arrayOf = (name: string) => new RegExp(`const ${name} = (\\[[^\\]]*\\])`).exec(source)?.[1];
  const pages = [...source.matchAll(LAZY_PAGE)].map((match): RouterPage => {
    const [, pagePath, module, namespacesArg] = match as unknown as [string, string, string, string | undefined];
    const at = match.index;
    const inside = ([start, end]: [number, number]) => at > start && at < end;
    let namespaces: PageNamespaces = 'signed-in';
    if (namespacesArg === 'allNamespaces') namespaces = 'all';
    else if (namespacesArg !== undefined) {
      const literal = namespacesArg.startsWith('[') ? namespacesArg : arrayOf(namespacesArg);
      if (!literal) throw new Error(`page preloads: cannot read the namespaces ${namespacesArg} of ${pagePath}`);
      namespaces = [...literal.matchAll(/'([^']+)'/g)].map((name) => name[1]!);
    }
    const access = inside(publicOnly) ? 'public-only' : inside(signedIn) ? 'signed-in' : 'anyone';
    return { path: pagePath, access, module, namespaces };
  });
  const calls = source.match(/lazyPage\('/g)?.length ?? 0;
  if (pages.length !== calls) throw new Error(`page preloads: read ${pages.length} of the ${calls} pages of app/router.tsx`);
  for (const pagePath of Object.keys(PAGE_READS)) {
    if (!pages.some((page) => page.path === pagePath)) throw new Error(`page preloads: no page ${pagePath} in app/router.tsx`);
  }
  return pages;
}

function pagePreloadsOf(bundle: Rolldown.OutputBundle, root: string): PagePreloads {
  const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('page preloads: no entry chunk');
  const inHtml = closureOf(entry, byFile);
  const filesOf = (...modules: string[]): string[] => {
    const files = new Set<string>();
    for (const module of modules) {
      const chunk = chunks.find((candidate) => candidate.facadeModuleId === path.join(root, module));
      if (!chunk) throw new Error(`page preloads: no chunk for ${module}`);
      for (const file of closureOf(chunk, byFile)) if (!inHtml.has(file)) files.add(`/${file}`);
    }
    return [...files];
  };
  const locales: PagePreloads['locales'] = {};
  for (const chunk of chunks) {
    const locale = /^locale-(\w+)-(\w+)$/.exec(chunk.name);
    if (locale?.[1] && locale[2]) (locales[locale[1]] ??= {})[locale[2]] = `/${chunk.fileName}`;
  }
  return {
    pages: routerPages(readFileSync(path.join(root, 'src/app/router.tsx'), 'utf8')).map((page) => ({
      path: page.path,
      access: page.access,
      files: filesOf(`src/app/routes/${page.module}.tsx`),
      localeGroups: localeGroupsOf(page.namespaces),
      reads: PAGE_READS[page.path] ?? [],
    })),
    signedIn: {
      files: filesOf('src/app/layout/signed-in-chrome.tsx', 'src/features/live/index.ts'),
      reads: [...SIGNED_IN_READS],
    },
    styles: [...(entry.viteMetadata?.importedCss ?? [])].map((file) => `/${file}`),
    locales,
  };
}

/**
 * Writes `page-preloads.json` beside index.html (PagePreloads), and announces in index.html the modules its script
 * imports (`modulepreload`): the build's own announcement of them is off with Vite's preload helper (vite.config.ts), and
 * without it a phone asks for the largest of them (first-load, React and the rest) only once the entry script has come.
 */
export function pagePreloads(): Plugin {
  let root = '';
  return {
    name: 'drapeau-page-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) throw new Error('page preloads: index.html without its entry chunk');
        const byFile = new Map(
          Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])),
        );
        return [...closureOf(chunk, byFile)]
          .filter((file) => file !== chunk.fileName)
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }));
      },
    },
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: 'page-preloads.json', source: JSON.stringify(pagePreloadsOf(bundle, root)) });
    },
  };
}
