import type { FileGenerator, GeneratedFile, GeneratorInput } from '../generator.js';
import { createSeedStream, type SeedStream } from '../lib/seed-stream.js';

/** Every character as `\xNN`, the way obfuscators hide string literals (the flag and texts are ASCII). */
function hexEscape(text: string): string {
  return [...text].map((char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
}

function splitIntoPieces(random: SeedStream, text: string): string[] {
  const pieces: string[] = [];
  for (let offset = 0; offset < text.length;) {
    const length = random.nextIntBetween(3, 6);
    pieces.push(text.slice(offset, offset + length));
    offset += length;
  }
  return pieces;
}

/** The strings the checker uses besides the flag's pieces: DOM names, methods and messages. */
const PROGRAM_STRINGS = [
  'checkLicense',
  'trim',
  'length',
  'getElementById',
  'license',
  'activate',
  'addEventListener',
  'click',
  'value',
  'status',
  'textContent',
  'License accepted. Welcome back!',
  'Invalid license key.',
  'toUpperCase',
  'log',
  'Licence server unreachable, checking offline',
] as const;

/**
 * A browser script checking a licence key, obfuscated the way javascript-obfuscator's string-array transform does
 * (no eval): every literal moves into one array, hex-escaped; the array is rotated at start-up by a fixed count; each
 * use becomes a call to an accessor with a shifted index; identifiers become `_0x…` names. The expected key is the
 * flag, cut into pieces scattered through the array and joined back in the check.
 */
export const generateObfuscatedLicenseJs: FileGenerator = ({ flag, seed }: GeneratorInput): GeneratedFile => {
  const random = createSeedStream(seed, 'obfuscated-license-js');
  const usedNames = new Set<string>();
  const name = (): string => {
    for (;;) {
      const candidate = `_0x${random.nextIntBetween(0x1000, 0xffffff).toString(16)}`;
      if (!usedNames.has(candidate)) {
        usedNames.add(candidate);
        return candidate;
      }
    }
  };

  const pieces = splitIntoPieces(random, flag);
  // The array as the program reads it after the rotation: program strings and pieces, shuffled.
  const finalArray = random.shuffle([...PROGRAM_STRINGS, ...pieces]);
  const rotation = random.nextIntBetween(0x40, 0x1ff);
  const offset = random.nextIntBetween(0x100, 0x2ff);
  // Stored so that `rotation` times push(shift()) gives finalArray back: stored[j] = final[(j - rotation) mod n].
  const size = finalArray.length;
  const stored = finalArray.map((_, j) => finalArray[(((j - rotation) % size) + size) % size] ?? '');

  const arrayName = name();
  const accessor = name();
  const ref = (text: string): string => {
    const index = finalArray.indexOf(text);
    if (index < 0) throw new Error(`missing string ${text}`);
    return `${accessor}(0x${(index + offset).toString(16)})`;
  };
  const [arr, count, step, index, value, key, normalized, expected, event, ok] = Array.from({ length: 10 }, name);

  const preamble = [
    `var ${arrayName}=[${stored.map((text) => `'${hexEscape(text)}'`).join(',')}];`,
    `(function(${arr},${count}){var ${step}=function(${index}){while(--${index}){${arr}['\\x70\\x75\\x73\\x68'](${arr}['\\x73\\x68\\x69\\x66\\x74']());}};${step}(++${count});}(${arrayName},0x${rotation.toString(16)}));`,
    `var ${accessor}=function(${index},${value}){${index}=${index}-0x${offset.toString(16)};var ${value}=${arrayName}[${index}];return ${value};};`,
  ].join('');
  const joinedPieces = pieces.map(ref).join('+');
  const checker =
    `window[${ref('checkLicense')}]=function(${key}){var ${normalized}=${key}[${ref('trim')}]();` +
    `if(${normalized}[${ref('length')}]!==0x${flag.length.toString(16)}){return![];}` +
    `var ${expected}=${joinedPieces};return ${normalized}===${expected};};`;
  const wiring =
    `document[${ref('getElementById')}](${ref('activate')})[${ref('addEventListener')}](${ref('click')},function(${event}){` +
    `var ${ok}=window[${ref('checkLicense')}](document[${ref('getElementById')}](${ref('license')})[${ref('value')}]);` +
    `document[${ref('getElementById')}](${ref('status')})[${ref('textContent')}]=${ok}?${ref('License accepted. Welcome back!')}:${ref('Invalid license key.')};});`;
  const header = '/*! license-check v2.3.1 | (c) Contoso Tools | build 7f3e2a1 */\n';
  return {
    fileName: 'license-check.js',
    contentType: 'text/javascript; charset=utf-8',
    data: Buffer.from(`${header}${preamble}${checker}${wiring}\n`, 'utf8'),
  };
};
