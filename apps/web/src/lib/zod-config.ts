/**
 * zod compiles object parsers with `new Function` when it may, and probes for that with a `new Function('')` in a
 * try/catch at its first parse. Our Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses it, and
 * Chromium reports the refusal as an issue in the console even though zod swallows it. With `jitless` zod skips the
 * probe and parses as it does wherever eval is refused: the same results.
 *
 * Set through the object that zod's `config()` writes (`globalThis.__zod_globalConfig`, shared by every copy of zod)
 * rather than by importing `config`: that import would move part of zod into the first page's script (4 KB gzip,
 * docs/architecture.md#web-app). main.tsx imports this module first, before any schema can parse.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
