import { constants } from 'node:zlib';

import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller bodies gain less than the time it takes to compress them. */
const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses API responses above a small size (Brotli at a fast level, else gzip), per Accept-Encoding
 * (docs/decisions/009-delivery.md). The web app's files arrive already compressed at build time and are sent as they
 * are; the live event stream (`/api/events`) writes to the socket itself and is never compressed, so that each event
 * leaves at once.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
