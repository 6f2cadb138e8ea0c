import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { BROTLI_OPTIONS, COMPRESSION_THRESHOLD_BYTES, GZIP_OPTIONS, type EncodedBody } from '../lib/precompressed-body.js';

/**
 * Compresses API responses above a small size (Brotli at a fast level, else gzip), per Accept-Encoding
 * (docs/decisions/009-delivery.md). The web app's files arrive already compressed at build time and are sent as they
 * are; the live event stream (`/api/events`) writes to the socket itself and is never compressed, so that each event
 * leaves at once; answers kept in memory are compressed once (sendPrecompressedJson).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}

/**
 * Route options of a route that answers with sendPrecompressedJson: @fastify/compress's three hooks (on the request,
 * its body and the answer) left out, since they would only find the work done.
 */
export const withoutCompressionHooks = { compress: false, decompress: false } as const;

/** Sends a JSON body kept in memory, in the encoding the client accepts. */
export function sendPrecompressedJson(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  const { bytes, encoding } = body.for(request.headers['accept-encoding']);
  void reply.type('application/json; charset=utf-8');
  if (body.isCompressible) void reply.header('vary', 'accept-encoding');
  if (encoding) void reply.header('content-encoding', encoding);
  return reply.send(bytes);
}
