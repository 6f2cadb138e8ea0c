import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA from one port with the API (docs/decisions/009-delivery.md):
 * - the files as compressed at build time (`.br`, else `.gz`, per Accept-Encoding);
 * - hashed assets cached for a year as immutable; everything else, index.html first, revalidated on each use;
 * - unknown paths without an extension get index.html (SPA fallback), so that deep links such as /challenge/xyz work on
 *   reload; an unknown path with an extension (/wp-login.php, /missing.png) is a 404, not the app's HTML.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
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
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (urlPath.startsWith('/api/')) return reply.callNotFound();
    const candidate = path.join(webDistDir, path.normalize(urlPath));
    if (candidate.startsWith(webDistDir + path.sep) && existsSync(candidate) && !candidate.endsWith(path.sep)) {
      return reply.sendFile(path.relative(webDistDir, candidate));
    }
    // A dot in the last segment: a file (/x.php, /.env), never one of the app's pages.
    if (path.posix.basename(urlPath).includes('.')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
