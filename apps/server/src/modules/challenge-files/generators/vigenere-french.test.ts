import { describe, expect, it } from 'vitest';

import { expectNoPlainFlagBytes, expectStringsFindNoFlag } from '../test-support/no-shortcut.js';
import { hasTool, OTHER_FLAG, runTool, SAMPLE_FLAG, SAMPLE_SEED, withTempFiles } from '../test-support/run-tool.js';

import { encryptVigenere, generateVigenereFrench, pickVigenereKey } from './vigenere-french.js';

const file = generateVigenereFrench({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED });
const ciphertext = file.data.toString('utf8');

/**
 * What a player writes, knowing nothing of the key: Friedman's index of coincidence gives the key length (the first
 * length whose columns look like French, about 0.078, against 0.038 for random letters), then each column is a Caesar
 * shift, found by a chi-squared test against French letter frequencies. The key advances on letters only.
 */
const SOLVER = String.raw`
import re, sys
FR = [7.64,0.90,3.26,3.67,14.72,1.07,0.87,0.74,7.53,0.61,0.07,5.46,2.97,7.10,5.80,2.52,1.36,6.69,7.95,7.24,6.31,1.84,0.05,0.43,0.13,0.33]
text = open(sys.argv[1]).read()
letters = [ord(c) - 65 for c in text.upper() if 'A' <= c <= 'Z']
def ic(column):
    n = len(column)
    return sum(column.count(i) * (column.count(i) - 1) for i in range(26)) / (n * (n - 1))
length = next(L for L in range(1, 21) if sum(ic(letters[i::L]) for i in range(L)) / L > 0.065)
def chi2(column, shift):
    n = len(column)
    return sum((column.count((i + shift) % 26) - n * FR[i] / 100) ** 2 / (n * FR[i] / 100) for i in range(26))
key = [min(range(26), key=lambda s: chi2(letters[i::length], s)) for i in range(length)]
out, k = [], 0
for c in text:
    if c.isascii() and c.isalpha():
        base = 97 if c.islower() else 65
        out.append(chr(base + (ord(c) - base - key[k % length]) % 26)); k += 1
    else:
        out.append(c)
plain = ''.join(out)
print(''.join(chr(97 + s) for s in key))
print(re.search(r'CTF\{[^}]*\}', plain).group(0))
`;

describe('generateVigenereFrench', () => {
  it('is deterministic and depends on the flag and the seed', () => {
    expect(generateVigenereFrench({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(true);
    expect(generateVigenereFrench({ flag: OTHER_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(false);
    expect(generateVigenereFrench({ flag: SAMPLE_FLAG, seed: Buffer.alloc(32, 1) }).data.equals(file.data)).toBe(false);
    expect(file).toMatchObject({ fileName: 'lettre.txt', contentType: 'text/plain; charset=utf-8' });
  });

  it('holds ASCII only (accents removed), with no French word and no flag in clear', () => {
    expect(ciphertext).toMatch(/^[\x20-\x7e\n]+$/);
    expect(ciphertext).not.toMatch(/\b(le|la|les|de|et|vous|que)\b/i);
    // Braces, digits and underscores survive: the flag's shape shows, not its letters.
    expect(ciphertext).toMatch(/\b[A-Z]{3}\{[a-z]4[a-z]{4}_[a-z]{2}4[a-z]_7[a-z]3[a-z]9[a-z]21\}/);
  });

  it('draws keys of 6 to 10 letters without `a`, different per seed, and deciphers with the key', () => {
    const keys = Array.from({ length: 100 }, (_, i) => pickVigenereKey(Buffer.from(`seed-${i}`)));
    expect(keys.every((key) => /^[b-z]{6,10}$/.test(key))).toBe(true);
    expect(new Set(keys.map((key) => key.length)).size).toBe(5);
    expect(new Set(keys).size).toBe(100);
    const plain = encryptVigenere(ciphertext, pickVigenereKey(SAMPLE_SEED), -1);
    expect(plain.replaceAll('\n', ' ')).toContain(`le coffre de la banque est ${SAMPLE_FLAG} et il`);
    expect(plain).toContain('le chiffre indechiffrable');
  });

  it('keeps no plain copy of any flag', () => {
    expectNoPlainFlagBytes(generateVigenereFrench, 12);
  });

  it.skipIf(!hasTool('strings'))('gives nothing to strings -a | grep CTF, nor to strings -el', () => {
    expectStringsFindNoFlag('lettre.txt', file.data);
  });

  it.skipIf(!hasTool('python3'))(
    'falls to the intended method, without the key: index of coincidence for the length, French frequencies per column',
    () => {
      for (const [flag, seed] of [
        [SAMPLE_FLAG, SAMPLE_SEED],
        [OTHER_FLAG, Buffer.alloc(32, 9)],
        [SAMPLE_FLAG, Buffer.from('another deployment')],
      ] as const) {
        const { data } = generateVigenereFrench({ flag, seed });
        const result = withTempFiles({ 'lettre.txt': data, 'solve.py': SOLVER }, (dir) =>
          runTool('python3', [`${dir}/solve.py`, `${dir}/lettre.txt`]),
        );
        expect(result.stderr).toBe('');
        expect(result.stdout).toBe(`${pickVigenereKey(seed)}\n${flag}\n`);
      }
    },
  );
});
