import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { LAB_HANDLERS } from '@drapeau/labs';
import { checkFrenchTypography, maskNonProse } from '@drapeau/shared/french-typography';

import { FILE_GENERATORS } from '../../challenge-files/generator-registry.js';
import { SAMPLE_FLAG, SAMPLE_SEED } from '../../challenge-files/test-support/run-tool.js';

import { PACK_DIR } from './catalogue-transfer.service.js';
import { parseChallengeYaml } from './ctfcli-format.js';
import type { ChallengeYaml } from './ctfcli-schema.js';

/** The built-in pack as the importer reads it, one entry per challenge.yml. */
async function readPack(): Promise<{ file: string; yaml: ChallengeYaml }[]> {
  const files = (await readdir(PACK_DIR, { recursive: true })).filter((file) => path.basename(file) === 'challenge.yml').sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = parseChallengeYaml(await readFile(path.join(PACK_DIR, file), 'utf8'), file);
      if (!parsed.challenge) throw new Error(`${file}: ${JSON.stringify(parsed.problems)}`);
      return { file, yaml: parsed.challenge.yaml };
    }),
  );
}

function hintText(hint: string | { content: string }): string {
  return typeof hint === 'string' ? hint : hint.content;
}

/** Every text of a challenge a French player reads, named by field. */
function frenchTexts(yaml: ChallengeYaml): [string, string][] {
  const drapeau = yaml.drapeau;
  return [
    ['title_fr', drapeau?.title_fr ?? ''],
    ['description_fr', drapeau?.description_fr ?? ''],
    ...(drapeau?.hints_fr ?? []).map((hint, i): [string, string] => [`hints_fr[${i}]`, hint]),
    ['explanation.fr', drapeau?.explanation?.fr ?? ''],
  ];
}

function englishTexts(yaml: ChallengeYaml): [string, string][] {
  return [
    ['description', yaml.description ?? ''],
    ...(yaml.hints ?? []).map((hint, i): [string, string] => [`hints[${i}]`, hintText(hint)]),
    ['explanation.en', yaml.drapeau?.explanation?.en ?? ''],
  ];
}

describe('the built-in pack', () => {
  it('holds the challenges listed in docs/product.md#built-in-catalogue, no more and no fewer, with unique ids and positions', async () => {
    const product = await readFile(path.join(PACK_DIR, '../../../../../../docs/product.md'), 'utf8');
    const section = product.slice(product.indexOf('### Built-in catalogue'), product.indexOf('### Badges'));
    const pack = await readPack();
    for (const { file, yaml } of pack) expect(section.replace(/\s+/g, ' '), file).toContain(`${yaml.name} (`);
    // One "(Level, points" per challenge listed.
    expect(section.match(/\((?:Very Easy|Easy|Medium|Hard), \d+/g)).toHaveLength(pack.length);
    expect(pack.length).toBeGreaterThanOrEqual(20);
    expect(new Set(pack.map(({ yaml }) => yaml.drapeau?.id)).size).toBe(pack.length);
    expect(new Set(pack.map(({ yaml }) => yaml.drapeau?.position)).size).toBe(pack.length);
  });

  it('names, for each generated file, a registered generator that makes a file of that name and type', async () => {
    const used: string[] = [];
    for (const { file, yaml } of await readPack()) {
      for (const generated of yaml.drapeau?.generated_files ?? []) {
        const generate = FILE_GENERATORS.get(generated.generator);
        expect(generate, `${file} ${generated.generator}`).toBeDefined();
        const made = generate?.({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED });
        expect([made?.fileName, made?.contentType], file).toEqual([generated.name, generated.content_type]);
        used.push(generated.generator);
      }
    }
    expect(used.sort()).toEqual([...FILE_GENERATORS.keys()].sort());
  });

  it('explains every challenge once solved, in English and in French (understand and fix)', async () => {
    for (const { file, yaml } of await readPack()) {
      const explanation = yaml.drapeau?.explanation;
      for (const [language, text] of Object.entries({ en: explanation?.en, fr: explanation?.fr })) {
        expect(text?.trim(), `${file} explanation.${language}`).toBeTruthy();
        // What the flaw is, how to fix it, and references with a CWE or OWASP link.
        expect(text, `${file} explanation.${language}`).toMatch(
          /https:\/\/(cwe\.mitre\.org|owasp\.org|cheatsheetseries\.owasp\.org)\//,
        );
      }
    }
  });

  it('sets every French text in French typography, and calls a flag a flag (docs/product.md#texts)', async () => {
    const problems: string[] = [];
    for (const { file, yaml } of await readPack()) {
      for (const [field, text] of frenchTexts(yaml)) {
        for (const problem of checkFrenchTypography(text))
          problems.push(`${file} ${field}: ${problem.rule} in "${problem.excerpt}"`);
        if (/\bdrapeaux?\b/i.test(text)) problems.push(`${file} ${field}: says "drapeau" for a flag`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('writes markup and commands as code, since the Markdown renderer drops raw HTML (components/ui/markdown.tsx)', async () => {
    const problems: string[] = [];
    for (const { file, yaml } of await readPack()) {
      for (const [field, text] of [...englishTexts(yaml), ...frenchTexts(yaml)]) {
        const tag = /<\/?[A-Za-z][^<>]*>/.exec(
          text.replace(/```[\s\S]*?```|`[^`\n]*`|``[^\n]*?``/g, (m) => ' '.repeat(m.length)),
        );
        if (tag) problems.push(`${file} ${field}: raw ${tag[0]}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the Format String hint', () => {
  it('tells the leak as the lab prints it: the stack word by word, data behind 0x55… pointers, 0x7f… the stack’s own and libc’s', async () => {
    const { yaml } = (await readPack()).find(({ yaml: y }) => y.drapeau?.id === 'format-string')!;
    const en = hintText(yaml.hints![0]!);
    const fr = yaml.drapeau!.hints_fr![0]!;
    // %p shows the stack; the heap is where some of its pointers lead (the secret), not what is leaked.
    expect(en).toContain('what comes out is the stack, word by word');
    expect(fr).toContain('ce qui sort, c’est la pile, mot par mot');
    for (const text of [en, fr]) for (const prefix of ['`0x55…`', '`0x7f…`']) expect(text).toContain(prefix);
    // The lab agrees, whatever the deployment: the argument that prints the secret holds a 0x55… word; no 0x7f… one does.
    const lab = LAB_HANDLERS.get('format-string')!;
    for (let deployment = 0; deployment < 12; deployment += 1) {
      const flag = `CTF{format_hint_${deployment}_4f1e}`;
      const run = (line: string) => lab.handle({ action: 'run', input: { line } }, { flag });
      const words = run('%p.'.repeat(21)).output.text!.split('.').slice(0, 21);
      const secret = words.findIndex((_, i) => i >= 5 && run(`%${i + 1}$s`).code === 'flag-read');
      expect(words[secret], flag).toMatch(/^0x55/);
      for (const [i, word] of words.entries()) {
        if (i >= 5 && word.startsWith('0x7f')) expect(run(`%${i + 1}$s`).code, `${flag} %${i + 1}$s`).not.toBe('flag-read');
      }
    }
  });
});

describe('maskNonProse', () => {
  it('keeps code, URLs and flag formats out of the French rules', () => {
    expect(maskNonProse("Tapez `c'a't` : CTF{...}")).toBe('Tapez xxxxxxx : xxxxxxxx');
  });
});
