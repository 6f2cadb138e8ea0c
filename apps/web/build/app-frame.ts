import path from 'node:path';

import { runnerImport, type Plugin } from 'vite';

import type { renderFrame } from './render-frame.tsx';

type Language = Parameters<typeof renderFrame>[0];

/**
 * The file of index.html's variant for a language and a disclaimer shown or dismissed: `index.html` (English, shown),
 * `index-fr.html`, `index-dismissed.html`, `index-fr-dismissed.html`. The server picks one by the visitor's cookies
 * (apps/server/src/http/web-app.ts, which repeats these names).
 */
function frameFileName(language: Language, isDisclaimerShown: boolean): string {
  return `index${language === 'en' ? '' : `-${language}`}${isDisclaimerShown ? '' : '-dismissed'}.html`;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Draws the app's loading frame (the disclaimer, the header's place, a spinner) into index.html at build time, with
 * the app's own components (build/render-frame.tsx), once per language and disclaimer state: the browser paints it with
 * the HTML and the CSS, before any script has run, and React's first render draws the same markup over it
 * (docs/performance.md "Lighthouse").
 */
export function appFrame(): Plugin {
  let root = '';
  let alias: Record<string, string> = {};
  return {
    name: 'drapeau-app-frame',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      alias = { '@': path.join(root, 'src') };
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') throw new Error('app frame: no index.html in the build');
      const html = index.source;
      if (!html.includes(ROOT_ELEMENT) || !html.includes('<html lang="en"'))
        throw new Error(`app frame: index.html has no ${ROOT_ELEMENT} or no lang="en"`);
      const { module } = await runnerImport<{ renderFrame: typeof renderFrame }>(path.join(root, 'build/render-frame.tsx'), {
        root,
        resolve: { alias },
        logLevel: 'warn',
      });
      for (const language of ['en', 'fr'] as const) {
        for (const isDisclaimerShown of [true, false]) {
          const frame = await module.renderFrame(language, isDisclaimerShown);
          const source = html
            // What the server knew from the cookies, for the app to read (lib/i18n.ts, disclaimer-banner.tsx).
            .replace('<html lang="en"', `<html lang="${language}"${isDisclaimerShown ? '' : ' data-disclaimer="dismissed"'}`)
            .replace(ROOT_ELEMENT, `<div id="root">${frame}</div>`);
          const fileName = frameFileName(language, isDisclaimerShown);
          if (fileName === 'index.html') index.source = source;
          else this.emitFile({ type: 'asset', fileName, source });
        }
      }
    },
  };
}
