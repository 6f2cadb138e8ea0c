import { describe, expect, it } from 'vitest';

import { IMPORT_PROBLEM_REASONS, IMPORT_PROBLEMS, IMPORT_SKIP_CODES, IMPORT_WARNING_CODES } from '@drapeau/shared';

import en from '@/locales/en/authoring.json';
import fr from '@/locales/fr/authoring.json';

type Words = Record<string, Record<string, string>>;
const placeholders = (text: string | undefined) => [...(text ?? '').matchAll(/\{\{(\w+)/g)].map((m) => m[1]).sort();

// Every code an import's answer may carry is worded in both languages, with the same values named: a new code without its
// French sentence fails here (import-report.tsx would show the server's English words).
describe.each([
  ['warnings', IMPORT_WARNING_CODES],
  ['reasons', IMPORT_PROBLEM_REASONS],
  ['problems', IMPORT_PROBLEMS],
  ['skipped', IMPORT_SKIP_CODES],
] as const)('authoring:import.%s', (group, codes) => {
  const english = (en.import as unknown as Words)[group] ?? {};
  const french = (fr.import as unknown as Words)[group] ?? {};

  it.each([...codes])('words %s in English and French, naming the same values', (code) => {
    expect(english[code], `en ${code}`).toMatch(/\S/);
    expect(french[code], `fr ${code}`).toMatch(/\S/);
    expect(french[code]).not.toBe(english[code]);
    expect(placeholders(french[code])).toEqual(placeholders(english[code]));
  });

  it('has no text for a code that does not exist', () => {
    expect(Object.keys(english).sort()).toEqual([...codes].sort());
  });
});
