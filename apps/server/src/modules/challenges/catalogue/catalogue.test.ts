import { describe, expect, it } from 'vitest';

import { CATALOGUE, CatalogueChallengeSchema, slugify } from './index.js';

/** docs/product.md#built-in-catalogue: English title → category, level, points, download. */
const EXPECTED = [
  ['DOM Manipulation', 'web-client', 'very-easy', 10, false],
  ['localStorage Secrets', 'web-client', 'easy', 20, false],
  ['XSS Filter Bypass', 'web-client', 'medium', 35, false],
  ['SQL Injection Extraction', 'web-server', 'easy', 25, false],
  ['JWT Token Forgery', 'web-server', 'medium', 40, false],
  ['Command Injection', 'web-server', 'hard', 60, false],
  ['Hidden HTTP Headers', 'networking', 'very-easy', 15, false],
  ['PCAP Analysis - FTP Credentials', 'networking', 'easy', 25, true],
  ['DNS Tunneling Detection', 'networking', 'medium', 45, true],
  ['Caesar Cipher', 'app-script', 'very-easy', 10, true],
  ['XOR Encryption', 'app-script', 'easy', 30, false],
  ['Hash Cracking', 'app-script', 'medium', 40, true],
  ['SUID Binary Exploitation', 'app-system', 'easy', 25, false],
  ['Cronjob Hijacking', 'app-system', 'medium', 45, false],
  ['Kernel Exploit', 'app-system', 'hard', 65, false],
  ['Steganography - LSB', 'forensics', 'very-easy', 15, true],
  ['EXIF Metadata Extraction', 'forensics', 'easy', 25, true],
  ['Zip Password Cracking', 'forensics', 'easy', 30, true],
  ['Memory Dump Analysis', 'forensics', 'medium', 50, true],
  ['Disk Image Analysis', 'forensics', 'hard', 60, true],
] as const;

/** Every string anywhere in a value, however deeply nested. */
function collectStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(collectStrings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(collectStrings);
  return [];
}

describe('slugify', () => {
  it('lowercases, turns spaces into hyphens and drops other non-alphanumerics (docs/product.md#challenges)', () => {
    expect(slugify('PCAP Analysis - FTP Credentials')).toBe('pcap-analysis---ftp-credentials');
    expect(slugify('localStorage Secrets')).toBe('localstorage-secrets');
    expect(slugify("Bob's C++ (v2.0)!")).toBe('bobs-c-v20');
  });
});

describe('CATALOGUE', () => {
  it('holds exactly 20 challenges', () => {
    expect(CATALOGUE).toHaveLength(20);
  });

  it.each(CATALOGUE.map((challenge) => [challenge.id, challenge] as const))('%s matches the schema', (_id, challenge) => {
    expect(CatalogueChallengeSchema.safeParse(challenge).error).toBeUndefined();
  });

  it('uses the slug of the English title as each id, and ids are unique', () => {
    for (const challenge of CATALOGUE) expect(challenge.id).toBe(slugify(challenge.title.en));
    expect(new Set(CATALOGUE.map((challenge) => challenge.id)).size).toBe(CATALOGUE.length);
  });

  it('has the categories, levels, points and downloads of docs/product.md#built-in-catalogue', () => {
    const actual = CATALOGUE.map((c) => [c.title.en, c.category, c.level, c.points, c.solutionType === 'download']);
    expect(actual).toEqual(EXPECTED.map((row) => [...row]));
  });

  it('gives a file to exactly the 9 download challenges, and a lab to each of the 11 others', () => {
    const downloads = CATALOGUE.filter((c) => c.solutionType === 'download');
    expect(downloads.map((c) => c.id).sort()).toEqual(
      [
        'caesar-cipher',
        'disk-image-analysis',
        'dns-tunneling-detection',
        'exif-metadata-extraction',
        'hash-cracking',
        'memory-dump-analysis',
        'pcap-analysis---ftp-credentials',
        'steganography---lsb',
        'zip-password-cracking',
      ].sort(),
    );
    for (const challenge of downloads) {
      expect(challenge.asset).not.toBeNull();
      expect(challenge.lab).toBeNull();
    }
    for (const challenge of CATALOGUE.filter((c) => c.solutionType === null)) {
      expect(challenge.asset).toBeNull();
      expect(challenge.lab).toBe(challenge.id);
    }
  });

  it('names each download file after the challenge description that mentions it', () => {
    const fileNames = CATALOGUE.flatMap((c) => (c.asset ? [c.asset.fileName] : []));
    expect(new Set(fileNames).size).toBe(fileNames.length);
    for (const challenge of CATALOGUE) {
      if (!challenge.asset) continue;
      expect(challenge.description.en).toContain(challenge.asset.fileName);
      expect(challenge.description.fr).toContain(challenge.asset.fileName);
    }
  });

  it('writes every text in English and in French, and the two differ', () => {
    for (const challenge of CATALOGUE) {
      for (const text of [challenge.title, challenge.description, challenge.hint]) {
        expect(text).not.toBeNull();
        expect(text?.en.trim()).not.toBe('');
        expect(text?.fr.trim()).not.toBe('');
      }
      expect(challenge.description.fr).not.toBe(challenge.description.en);
      expect(challenge.hint?.fr).not.toBe(challenge.hint?.en);
    }
  });

  it('contains no flag: CTF{ only ever appears as the format placeholder CTF{...}', () => {
    const strings = collectStrings(CATALOGUE);
    expect(strings.length).toBeGreaterThan(100);
    for (const text of strings) expect(text).not.toMatch(/CTF\{(?!\.\.\.\})/);
  });
});
