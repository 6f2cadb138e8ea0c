import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|ico|webmanifest)$/;
/** Below this, compression saves less than the headers it costs. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes `file.br` (Brotli, best quality) and `file.gz` (Zopfli) beside each compressible file of the build, once, so that the
 * server sends them as they are (@fastify/static `preCompressed`) instead of compressing each response
 * (docs/decisions/009-delivery.md).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'drapeau-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = await readFile(file);
        if (content.length < MIN_BYTES) continue;
        const [br, gzipped] = await Promise.all([
          brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
          // Zopfli: a gzip stream any client reads, about 4 % smaller than zlib's best (the first page's budget).
          gzipAsync(content, { numiterations: 15 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      }
    },
  };
}
