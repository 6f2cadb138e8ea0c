import { describe, expect, it } from 'vitest';

import { hasTool, OTHER_FLAG, runTool, SAMPLE_FLAG, SAMPLE_SEED } from '../test-support/run-tool.js';

import { generateCaesarMessage } from './caesar-message.js';

const file = generateCaesarMessage({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED });
const ciphertext = file.data.toString('utf8');

/** The `tr` ranges that undo a shift of `shift`, as a player would type them. */
function buildTrRanges(shift: number): [string, string] {
  const rotated = (base: number): string => {
    const from = String.fromCharCode(base + shift);
    const before = String.fromCharCode(base + shift - 1);
    const last = String.fromCharCode(base + 25);
    const first = String.fromCharCode(base);
    return shift === 1 ? `${from}-${last}${first}` : `${from}-${last}${first}-${before}`;
  };
  return [`${rotated(65)}${rotated(97)}`, 'A-Za-z'];
}

describe('generateCaesarMessage', () => {
  it('is deterministic and depends on the flag', () => {
    expect(generateCaesarMessage({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(true);
    expect(generateCaesarMessage({ flag: OTHER_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(false);
    expect(file).toMatchObject({ fileName: 'message.txt', contentType: 'text/plain; charset=utf-8' });
  });

  it('hides the plaintext: no flag and no common English word in clear', () => {
    expect(ciphertext).not.toContain(SAMPLE_FLAG);
    expect(ciphertext).not.toMatch(/\b(the|and|flag)\b/i);
    // Braces, digits and underscores survive, so the flag's shape is still visible.
    expect(ciphertext).toMatch(/\b[A-Z]{3}\{[a-z]4[a-z]{4}_[a-z]{2}4[a-z]_7[a-z]3[a-z]9[a-z]21\}/);
  });

  it('derives a shift in 1..25 from the seed', () => {
    const shifts = new Set(
      Array.from({ length: 200 }, (_, i) => {
        const seed = Buffer.from(`seed-${i}`);
        const text = generateCaesarMessage({ flag: SAMPLE_FLAG, seed }).data.toString('utf8');
        return (text.charCodeAt(text.indexOf('{') - 3) - 'C'.charCodeAt(0) + 26) % 26;
      }),
    );
    expect(shifts.has(0)).toBe(false);
    expect(shifts.size).toBe(25);
  });

  it.skipIf(!hasTool('tr'))('decodes with tr once a player tries the right shift among the 25', () => {
    const readable = Array.from({ length: 25 }, (_, i) => i + 1)
      .map((shift) => runTool('tr', buildTrRanges(shift), { input: ciphertext }).stdout)
      .filter((text) => (text.match(/\b(the|and|of)\b/g) ?? []).length >= 5);
    expect(readable).toHaveLength(1);
    expect(readable[0]?.replaceAll('\n', ' ')).toContain(`The flag for this challenge is ${SAMPLE_FLAG} and`);
  });
});
