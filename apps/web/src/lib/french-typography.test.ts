import { describe, expect, it } from 'vitest';

import { checkFrenchTypography } from '@drapeau/shared/french-typography';

type Tree = Record<string, unknown>;

const files = import.meta.glob<Tree>('../locales/fr/*.json', { eager: true, import: 'default' });
const englishFiles = import.meta.glob<Tree>('../locales/en/*.json', { eager: true, import: 'default' });

function countWord(text: string | undefined, word: RegExp): number {
  return (text ?? '').match(word)?.length ?? 0;
}

/** Every French string of a namespace, with its dotted key. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'object' && value !== null
      ? leaves(value as Tree, `${prefix}${key}.`)
      : [[`${prefix}${key}`, String(value)]],
  );
}

/**
 * Output of the simulated programs of the labs, the same in both languages as a real terminal would print it
 * (`cat: x: Permission denied`, ping.php's `Invalid input detected!`): English, so not held to French typography.
 */
const PROGRAM_OUTPUT = new Set([
  'labs:command-injection.blocked',
  'labs:suid-binary-exploitation.permission-denied',
  'labs:suid-binary-exploitation.not-found',
  'labs:suid-binary-exploitation.command-not-found',
]);

describe('French texts of the web app (docs/product.md#texts)', () => {
  const namespaces = Object.keys(files).map((file) => [file.replace(/^.*\/(.+)\.json$/, '$1'), files[file] ?? {}] as const);

  it('covers every French namespace', () => {
    expect(namespaces.length).toBeGreaterThan(10);
  });

  it('keeps the simulated program output in English, as the terminal prints it', () => {
    const labs = Object.fromEntries(leaves(files['../locales/fr/labs.json'] ?? {}));
    for (const key of PROGRAM_OUTPUT) expect(labs[key.replace(/^labs:/, '')], key).toMatch(/^[\x20-\x7e]+$/);
  });

  it.each(namespaces)('%s.json: no-break spaces before ; ! ? : and units, ’ and …', (namespace, tree) => {
    const problems = leaves(tree)
      .filter(([key]) => !PROGRAM_OUTPUT.has(`${namespace}:${key}`))
      .flatMap(([key, text]) => checkFrenchTypography(text).map((problem) => `${key}: ${problem.rule} in "${problem.excerpt}"`));
    expect(problems).toEqual([]);
  });

  it.each(namespaces)('%s.json: a flag is a flag, never a "drapeau"', (namespace, tree) => {
    // "Drapeau" is also the product's name: a French string may name it as often as its English source does.
    const english = Object.fromEntries(leaves(englishFiles[`../locales/en/${namespace}.json`] ?? {}));
    const word = /\bdrapeaux?\b/gi;
    expect(leaves(tree).filter(([key, text]) => countWord(text, word) > countWord(english[key], word))).toEqual([]);
  });
});
