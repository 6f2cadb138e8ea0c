import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { PrecompressedBody } from './precompressed-body.js';

const big = { rows: Array.from({ length: 100 }, (_, i) => ({ name: `player ${i}`, score: i * 10 })) };

describe('PrecompressedBody', () => {
  it('compresses once per encoding, and hands the same bytes to every later client', () => {
    const body = PrecompressedBody.ofJson(big);
    const first = body.for('gzip, deflate, br');
    expect(first.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(first.bytes).toString())).toEqual(big);
    expect(body.for('br, gzip').bytes).toBe(first.bytes);
    const gz = body.for('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.bytes).toString())).toEqual(big);
    expect(body.for('gzip;q=1').bytes).toBe(gz.bytes);
  });

  it('answers the JSON as it is when it is small, when nothing is accepted, or when no header is sent', () => {
    const small = PrecompressedBody.ofJson({ ok: true });
    expect(small.isCompressible).toBe(false);
    expect(small.for('br')).toEqual({ bytes: small.identity });
    const body = PrecompressedBody.ofJson(big);
    expect(body.isCompressible).toBe(true);
    for (const header of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0', '']) {
      expect(body.for(header), String(header)).toEqual({ bytes: body.identity });
    }
  });
});
