import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chromium 136 and later; other engines read a comment). A file that starts with it has
 * every function compiled on a background thread while it streams in, instead of each on the main thread at its first
 * call.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Starts every script of the build with {@link COMPILE_HINT}. A page loads only the chunks it runs (its route, the frame,
 * first-load: docs/architecture.md#web-app), and most of their functions run while it draws; compiled lazily, they
 * were the larger part of the long tasks a signed-in page's load blocks the main thread with (docs/performance.md
 * "Lighthouse", 2026-11-30). The comment must be the file's first bytes, so it is added once the chunks are minified.
 */
export function compileHints(): Plugin {
  return {
    name: 'drapeau-compile-hints',
    apply: 'build',
    enforce: 'post',
    // After Vite's own last touch (the list of a dynamic import's stylesheets it puts at the top of some chunks).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && !output.code.startsWith(COMPILE_HINT)) output.code = COMPILE_HINT + output.code;
        }
      },
    },
  };
}
