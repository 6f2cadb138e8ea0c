import { fileURLToPath, URL } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { appFrame } from './build/app-frame.ts';
import { compileHints } from './build/compile-hints.ts';
import { pagePreloads } from './build/page-preloads.ts';
import { precompress } from './build/precompress.ts';
import { localeGroupOf } from './src/lib/locale-groups.ts';

/**
 * What every page loads, in one chunk rather than a dozen small ones (one gzip stream is smaller than many): React,
 * the router, i18next, React Query, the class helpers, the zod-free part of the contract and the icons of the public
 * pages (an alias such as `shield-alert` with the file it re-exports). It keeps the landing and login pages under their
 * budget (docs/architecture.md#web-app, e2e/first-page-weight).
 */
const FIRST_LOAD_PACKAGES =
  /node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack\/[^/]+|tailwind-merge|clsx|class-variance-authority|use-sync-external-store|@radix-ui\/react-(slot|primitive|compose-refs|label))\//;
const FIRST_LOAD_SHARED = /packages\/shared\/src\/(constants|ranks)\.ts$/;
const FIRST_LOAD_APP =
  /apps\/web\/src\/(lib\/(utils|languages|use-document-title|api-client|api-error|error-message|query-keys)\.ts|components\/ui\/button\.tsx)$/;
const PUBLIC_ICONS =
  /lucide-react\/dist\/esm\/(?:(?!icons\/)[^/]+|icons\/(award|file-archive|layers|medal|radio|trophy|shield-check|arrow-right|arrow-left|log-in|user-plus|eye|eye-off|flag|loader-circle|shield-alert|shield-exclamation-point|x|triangle-alert|triangle-exclamation-point|key-round|ban))\.mjs$/;

/**
 * The other icons, in one chunk that the signed-in pages share (about 9 KB gzip for 90 icons), rather than one request
 * of 300 bytes per icon and page: on a phone's network each request costs a round trip (docs/performance.md "Lighthouse").
 */
const OTHER_ICONS = /lucide-react\/dist\/esm\/icons\//;

/** `locales/<language>/<namespace>.json`: one chunk per group of namespaces and language (src/lib/locale-groups.ts). */
const LOCALE_FILE = /apps\/web\/src\/locales\/([^/]+)\/([^/]+)\.json$/;

function chunkOf(id: string): string | undefined {
  const locale = LOCALE_FILE.exec(id);
  if (locale?.[1] && locale[2]) return `locale-${locale[1]}-${localeGroupOf(locale[2])}`;
  const firstLoad = [FIRST_LOAD_PACKAGES, FIRST_LOAD_SHARED, FIRST_LOAD_APP, PUBLIC_ICONS];
  if (firstLoad.some((pattern) => pattern.test(id))) return 'first-load';
  return OTHER_ICONS.test(id) ? 'icons' : undefined;
}

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/**
 * `vite build --ssr src/server-render/page-preview.tsx` (the second step of `npm run build`): the module the server
 * loads to draw a challenge page's first paint into its HTML (apps/server `src/http/page-preview.ts`), in one file with
 * React and everything else it imports, so that the server resolves nothing at run time. Under `dist/ssr/`, which the
 * server never serves.
 */
const serverRenderConfig = defineConfig({
  plugins: [react()],
  resolve: { alias },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('./dist/ssr', import.meta.url)),
    emptyOutDir: true,
    minify: true,
    rollupOptions: { output: { entryFileNames: 'page-preview.js' } },
  },
});

const appConfig = defineConfig({
  plugins: [react(), tailwindcss(), appFrame(), pagePreloads(), compileHints(), precompress()],
  resolve: { alias },
  server: {
    port: 5173,
    strictPort: true,
    // The API keeps the browser's Host so that its Origin check and cookies see the dev origin.
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: { port: 5173 },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // No preload helper (1.1 KB of every first page, with the list of each lazy module's imports): the server announces
    // a page's modules with its HTML (build/page-preloads.ts); a later navigation fetches them as the browser meets them.
    modulePreload: false,
    rollupOptions: { output: { manualChunks: chunkOf } },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? serverRenderConfig : appConfig));
