import { gunzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { PrefixedBody, SharedPrefix } from './prefixed-body.js';

const prefix = new SharedPrefix(Buffer.from(`{"rows":[${Array.from({ length: 500 }, (_, i) => `{"n":${i}}`).join(',')}],"own":`));

describe('PrefixedBody', () => {
  it('answers one gzip member that any gunzip reads as the prefix then the own bytes, whatever their size', () => {
    // 0 bytes, one stored block, and more than one (a stored block holds at most 65,535 bytes).
    for (const size of [0, 2, 1_000, 65_535, 65_536, 200_001]) {
      const tail = Buffer.from(`"${'x'.repeat(Math.max(0, size - 2))}"}`.slice(0, Math.max(size, 2)));
      const body = new PrefixedBody(prefix, tail);
      const { bytes, encoding } = body.for('gzip, deflate, br');
      expect(encoding).toBe('gzip');
      expect(gunzipSync(bytes).equals(Buffer.concat([prefix.bytes, tail])), String(size)).toBe(true);
    }
  });

  it('deflates the shared prefix once for every answer', () => {
    const first = prefix.deflateOnce();
    new PrefixedBody(prefix, Buffer.from('{}}')).for('gzip');
    expect(prefix.deflateOnce()).toBe(first);
  });

  it('answers the JSON as it is when gzip is not accepted or the answer is small', () => {
    const body = new PrefixedBody(prefix, Buffer.from('{}}'));
    for (const header of [undefined, 'identity', 'br', 'deflate', 'gzip;q=0', ''])
      expect(body.for(header), String(header)).toEqual({ bytes: Buffer.concat([prefix.bytes, Buffer.from('{}}')]) });
    const small = new PrefixedBody(new SharedPrefix(Buffer.from('{"a":')), Buffer.from('1}'));
    expect(small.isCompressible).toBe(false);
    expect(small.for('gzip').encoding).toBeUndefined();
  });
});
