import { constants, crc32, deflateRawSync } from 'node:zlib';

import negotiator from '@fastify/accept-negotiator';

import { COMPRESSION_THRESHOLD_BYTES, type EncodedBody, GZIP_OPTIONS } from './precompressed-body.js';

/** A gzip member's header (RFC 1952): deflate, no flags, no time, no extra field, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The most one stored deflate block holds (RFC 1951 §3.2.4: LEN is 16 bits). */
const STORED_BLOCK_MAX = 65_535;

/**
 * The first bytes of many answers, the same for each (the challenge list's shared part): kept, and deflated once, when a
 * client first accepts gzip, with a sync flush, so that the deflate stream ends on a byte boundary without a final
 * block and each answer's own bytes can follow it in the same gzip member.
 */
export class SharedPrefix {
  private deflated: { bytes: Buffer; crc: number } | undefined;

  constructor(readonly bytes: Buffer) {}

  deflateOnce(): { bytes: Buffer; crc: number } {
    return (this.deflated ??= {
      bytes: deflateRawSync(this.bytes, { ...GZIP_OPTIONS, finishFlush: constants.Z_SYNC_FLUSH }),
      crc: crc32(this.bytes),
    });
  }
}

/** One gzip member: the prefix as deflated once, then `tail` as final stored block(s), then the CRC-32 and size. */
function gzipWithTail(prefix: SharedPrefix, tail: Buffer): Buffer {
  const deflated = prefix.deflateOnce();
  const blocks = Math.max(1, Math.ceil(tail.length / STORED_BLOCK_MAX));
  const out = Buffer.allocUnsafe(GZIP_HEADER.length + deflated.bytes.length + blocks * 5 + tail.length + 8);
  let at = GZIP_HEADER.copy(out, 0);
  at += deflated.bytes.copy(out, at);
  for (let i = 0; i < blocks; i++) {
    const chunk = tail.subarray(i * STORED_BLOCK_MAX, (i + 1) * STORED_BLOCK_MAX);
    // BFINAL on the last block, BTYPE 00 (stored); the flush left the stream on a byte boundary, so the header's three
    // bits and their padding are one byte, followed by LEN and its one's complement.
    out[at++] = i === blocks - 1 ? 1 : 0;
    at = out.writeUInt16LE(chunk.length, at);
    at = out.writeUInt16LE(~chunk.length & 0xffff, at);
    at += chunk.copy(out, at);
  }
  at = out.writeUInt32LE(crc32(tail, deflated.crc), at);
  out.writeUInt32LE((prefix.bytes.length + tail.length) % 2 ** 32, at);
  return out;
}

/**
 * An answer made of a shared prefix and bytes of its own (docs/performance.md "Catalogue figures"): sent as it is, or
 * as gzip whenever the client accepts gzip (browsers always do), where only the answer's own bytes are new per request
 * (stored, not compressed: they are small). A client that accepts Brotli only gets the JSON as it is.
 */
export class PrefixedBody implements EncodedBody {
  constructor(
    private readonly prefix: SharedPrefix,
    private readonly tail: Buffer,
  ) {}

  get isCompressible(): boolean {
    return this.prefix.bytes.length + this.tail.length >= COMPRESSION_THRESHOLD_BYTES;
  }

  for(acceptEncoding: string | string[] | undefined): { bytes: Buffer; encoding?: 'gzip' } {
    if (this.isCompressible && typeof acceptEncoding === 'string' && negotiator.negotiate(acceptEncoding, ['gzip']) !== null)
      return { bytes: gzipWithTail(this.prefix, this.tail), encoding: 'gzip' };
    return { bytes: Buffer.concat([this.prefix.bytes, this.tail]) };
  }
}
