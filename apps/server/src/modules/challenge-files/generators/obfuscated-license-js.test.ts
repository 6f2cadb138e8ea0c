import { runInNewContext } from 'node:vm';

import { describe, expect, it } from 'vitest';

import { hasTool, OTHER_FLAG, runTool, SAMPLE_FLAG, SAMPLE_SEED, withTempFiles } from '../test-support/run-tool.js';

import { generateObfuscatedLicenseJs } from './obfuscated-license-js.js';

const file = generateObfuscatedLicenseJs({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED });
const source = file.data.toString('utf8');

/** Runs the whole script as a page would, with the three elements it looks up; gives back `window.checkLicense`. */
function loadInPage(code: string): { checkLicense: (key: string) => boolean; click: (key: string) => string } {
  const elements: Record<string, { value: string; textContent: string; listener?: () => void }> = {
    license: { value: '', textContent: '' },
    activate: { value: '', textContent: '' },
    status: { value: '', textContent: '' },
  };
  const window: Record<string, unknown> = {};
  const document = {
    getElementById: (id: string) => ({
      ...elements[id],
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'click' && elements[id]) elements[id].listener = listener;
      },
      set value(v: string) {
        if (elements[id]) elements[id].value = v;
      },
      get value() {
        return elements[id]?.value ?? '';
      },
      set textContent(v: string) {
        if (elements[id]) elements[id].textContent = v;
      },
    }),
  };
  runInNewContext(code, { window, document });
  return {
    checkLicense: window.checkLicense as (key: string) => boolean,
    click: (key) => {
      elements.license!.value = key;
      elements.activate!.listener?.();
      return elements.status!.textContent;
    },
  };
}

/**
 * The deobfuscation a player does in the browser console (or node): run the first three statements (the string
 * array, its rotation and the accessor), replace each accessor call by the string it returns, join the adjacent
 * literals. The script's checker itself is never run.
 */
function deobfuscate(code: string, joinLiterals = true): string {
  const accessor = /var (_0x[0-9a-f]+)=function\(_0x[0-9a-f]+,_0x[0-9a-f]+\)\{/.exec(code)?.[1] ?? '';
  const preambleEnd = code.indexOf('};', code.indexOf(`var ${accessor}=function`)) + 2;
  const preamble = code.slice(0, preambleEnd);
  const lookup = runInNewContext(`${preamble};${accessor}`) as (index: number) => string;
  return code
    .slice(preambleEnd)
    .replace(new RegExp(`${accessor}\\((0x[0-9a-f]+)\\)`, 'g'), (_, index: string) => JSON.stringify(lookup(Number(index))))
    .replace(/"\+"/g, joinLiterals ? '' : '"+"');
}

describe('generateObfuscatedLicenseJs', () => {
  it('is deterministic and depends on the flag and the seed', () => {
    expect(generateObfuscatedLicenseJs({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(true);
    expect(generateObfuscatedLicenseJs({ flag: OTHER_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(false);
    expect(generateObfuscatedLicenseJs({ flag: SAMPLE_FLAG, seed: Buffer.alloc(32, 2) }).data.equals(file.data)).toBe(false);
    expect(file).toMatchObject({ fileName: 'license-check.js', contentType: 'text/javascript; charset=utf-8' });
  });

  it('is obfuscated: no readable literal, no flag, no eval, only _0x names', () => {
    expect(source).not.toContain('CTF');
    expect(source).not.toMatch(/checkLicense|getElementById|License accepted/);
    expect(source).not.toMatch(/\beval\b|Function\(|atob/);
    expect(source).toMatch(/\['(\\x[0-9a-f]{2})+'(,'(\\x[0-9a-f]{2})+')+\]/);
    expect(source.match(/_0x[0-9a-f]+\(0x[0-9a-f]+\)/g)?.length).toBeGreaterThan(20);
    // A naive read of the array in stored order does not give the flag: the rotation matters.
    const stored = runInNewContext(
      `${/^var (_0x[0-9a-f]+)=\[[^\]]*\];/m.exec(source)?.[0]}${/^var (_0x[0-9a-f]+)=/m.exec(source)?.[1]}`,
    );
    expect((stored as string[]).join('')).not.toContain(SAMPLE_FLAG);
  });

  it('really works in a page: accepts the flag as licence key and refuses near-misses', () => {
    const page = loadInPage(source);
    expect(page.checkLicense(SAMPLE_FLAG)).toBe(true);
    expect(page.checkLicense(` ${SAMPLE_FLAG} `)).toBe(true);
    expect(page.checkLicense(OTHER_FLAG)).toBe(false);
    expect(page.checkLicense(SAMPLE_FLAG.slice(0, -2) + 'x}')).toBe(false);
    expect(page.click(SAMPLE_FLAG)).toBe('License accepted. Welcome back!');
    expect(page.click('AAAA-BBBB-CCCC')).toBe('Invalid license key.');
  });

  it('gives the flag to the intended method: evaluate the string array, rotation and accessor, then inline the calls', () => {
    for (const [flag, seed] of [
      [SAMPLE_FLAG, SAMPLE_SEED],
      [OTHER_FLAG, Buffer.alloc(32, 5)],
      [SAMPLE_FLAG, Buffer.from('another deployment')],
    ] as const) {
      const readable = deobfuscate(generateObfuscatedLicenseJs({ flag, seed }).data.toString('utf8'));
      expect(readable).toContain(`window["checkLicense"]=function(`);
      expect(readable).toContain(`document["getElementById"]("license")["value"]`);
      expect(/===?(_0x[0-9a-f]+);/.test(readable)).toBe(true);
      expect(readable.match(/"(CTF\{[^"]*\})"/)?.[1]).toBe(flag);
    }
  });

  it.skipIf(!hasTool('node'))('runs the same way in node from a shell, as a player would paste the preamble', () => {
    const script = [
      "acc=$(grep -oE 'var _0x[0-9a-f]+=function\\(_0x[0-9a-f]+,' license-check.js | cut -d' ' -f2 | cut -d= -f1)",
      'node -e "$(sed -E "s/(};)window\\[.*/\\1/" license-check.js | tail -n +2); console.log(Array.from({length: 1024}, (_, i) => $acc(i)).join(\'\'))"',
    ].join('\n');
    const result = withTempFiles({ 'license-check.js': file.data }, (dir) => runTool('bash', ['-euc', script], { cwd: dir }));
    expect(result.stderr).toBe('');
    // Every string of the array, in the accessor's order: the pieces of the flag are there, readable, but in the
    // order the array holds them; the check's `+` gives their order.
    const pieces = (deobfuscate(source, false).match(/var _0x[0-9a-f]+=("[^"]*"(?:\+"[^"]*")+);/)?.[1] ?? '').split('+');
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.map((piece) => JSON.parse(piece) as string).join('')).toBe(SAMPLE_FLAG);
    for (const piece of pieces) expect(result.stdout).toContain(JSON.parse(piece));
  });
});
