import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import negotiator from '@fastify/accept-negotiator';

/** Smaller bodies gain less than the time it takes to compress them. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Brotli at a fast level, else gzip (docs/decisions/009-delivery.md). */
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS = { level: 6 };

export type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** A JSON answer in the encoding a client accepts (http/compression.ts sendPrecompressedJson sends it). */
export interface EncodedBody {
  /** True when the answer depends on Accept-Encoding (`Vary`). */
  readonly isCompressible: boolean;
  for(acceptEncoding: string | string[] | undefined): { bytes: Buffer; encoding?: Encoding };
}

/**
 * A JSON body kept in memory and answered many times (the leaderboard's pages and searches, the CTFtime feed):
 * serialized once, and compressed at most once per encoding, when a client first accepts it, instead of on every
 * request (docs/decisions/009-delivery.md). Same threshold and levels as the compression of other answers.
 */
export class PrecompressedBody implements EncodedBody {
  private readonly encoded: Partial<Record<Encoding, Buffer>> = {};

  constructor(readonly identity: Buffer) {}

  static ofJson(value: unknown): PrecompressedBody {
    return new PrecompressedBody(Buffer.from(JSON.stringify(value)));
  }

  get isCompressible(): boolean {
    return this.identity.length >= COMPRESSION_THRESHOLD_BYTES;
  }

  for(acceptEncoding: string | string[] | undefined): { bytes: Buffer; encoding?: Encoding } {
    if (!this.isCompressible || typeof acceptEncoding !== 'string') return { bytes: this.identity };
    const encoding = negotiator.negotiate<Encoding>(acceptEncoding, ENCODINGS);
    if (encoding === null) return { bytes: this.identity };
    const bytes = (this.encoded[encoding] ??=
      encoding === 'br' ? brotliCompressSync(this.identity, BROTLI_OPTIONS) : gzipSync(this.identity, GZIP_OPTIONS));
    return { bytes, encoding };
  }
}
