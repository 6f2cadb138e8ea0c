import { inflateSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { hasTool, OTHER_FLAG, runTool, SAMPLE_FLAG, SAMPLE_SEED, withTempFiles } from '../test-support/run-tool.js';

import { generateLsbStegoPng } from './lsb-stego-png.js';

const file = generateLsbStegoPng({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED });

/** A player's extractor, independent of the generator: checks every CRC, inflates, reads b1,rgb,lsb,xy. */
const PYTHON_LSB_EXTRACTOR = `
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'signature'
pos, idat, chunks = 8, b'', []
while pos < len(data):
    length, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    crc, = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
    assert zlib.crc32(kind + body) == crc, 'bad CRC in ' + kind.decode()
    chunks.append(kind.decode())
    if kind == b'IHDR':
        width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
        assert (depth, colour, interlace) == (8, 2, 0)
    if kind == b'IDAT':
        idat += body
    pos += 12 + length
assert chunks[0] == 'IHDR' and chunks[-1] == 'IEND', chunks
raw = zlib.decompress(idat)
stride = width * 3
rows = [raw[y * (stride + 1):(y + 1) * (stride + 1)] for y in range(height)]
assert all(row[0] == 0 for row in rows), 'filter type'
bits = [b & 1 for row in rows for b in row[1:]]
out = bytearray()
for i in range(0, len(bits), 8):
    byte = int(''.join(map(str, bits[i:i + 8])), 2)
    if byte == 0:
        break
    out.append(byte)
print(out.decode(), end='')
`;

function readPixels(png: Buffer): Buffer {
  const chunks: Buffer[] = [];
  for (let pos = 8; pos < png.length;) {
    const length = png.readUInt32BE(pos);
    if (png.toString('ascii', pos + 4, pos + 8) === 'IDAT') chunks.push(png.subarray(pos + 8, pos + 8 + length));
    pos += 12 + length;
  }
  return inflateSync(Buffer.concat(chunks));
}

describe('generateLsbStegoPng', () => {
  it('is deterministic and depends on the flag', () => {
    expect(generateLsbStegoPng({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(true);
    expect(generateLsbStegoPng({ flag: OTHER_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(false);
    expect(file).toMatchObject({ fileName: 'secret.png', contentType: 'image/png' });
  });

  it('changes nothing but least significant bits when the flag changes, and hides no clear text', () => {
    const a = readPixels(file.data);
    const b = readPixels(generateLsbStegoPng({ flag: OTHER_FLAG, seed: SAMPLE_SEED }).data);
    expect(a.length).toBe(b.length);
    expect(a.every((byte, i) => Math.abs(byte - (b[i] ?? 0)) <= 1)).toBe(true);
    expect(file.data.includes('CTF{')).toBe(false);
  });

  it.skipIf(!hasTool('python3'))('has valid CRCs and yields the flag from the R, G, B LSBs read MSB-first', () => {
    withTempFiles({ 'secret.png': file.data, 'extract.py': PYTHON_LSB_EXTRACTOR }, (dir) => {
      const result = runTool('python3', [`${dir}/extract.py`, `${dir}/secret.png`]);
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe(SAMPLE_FLAG);
      const corrupted = Buffer.from(file.data);
      corrupted[1000] = (corrupted[1000] ?? 0) ^ 0xff;
      withTempFiles({ 'corrupted.png': corrupted }, (other) => {
        expect(runTool('python3', [`${dir}/extract.py`, `${other}/corrupted.png`]).stderr).toContain('bad CRC');
      });
    });
  });

  it.skipIf(!hasTool('file'))('is recognised as a 256x256 RGB PNG', () => {
    withTempFiles({ 'secret.png': file.data }, (dir) => {
      expect(runTool('file', ['-b', `${dir}/secret.png`]).stdout).toContain('PNG image data, 256 x 256, 8-bit/color RGB');
    });
  });
});
