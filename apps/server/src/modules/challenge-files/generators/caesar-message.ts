import type { FileGenerator, GeneratedFile, GeneratorInput } from '../generator.js';
import { createSeedStream } from '../lib/seed-stream.js';

const PLAINTEXT_PARAGRAPHS: readonly string[] = [
  'Julius Caesar did not trust the messengers who carried his letters across Gaul. Before sealing a ' +
    'report to Rome, he replaced every letter with the one standing a few places further along the ' +
    'alphabet, so that a captured scroll looked like nonsense to anyone who did not know the trick. ' +
    'The method seems childish today: there are only twenty-five possible shifts, and the most common ' +
    'letters of a language give the key away at a glance.',
  'If you can read this sentence, you have found the shift, and the rest is easy. The flag for this ' +
    'challenge is FLAG_PLACEHOLDER and you should submit it exactly as written, braces included. ' +
    'Remember that a cipher which can be broken by hand in five minutes protects nothing; modern ' +
    'systems rely on keys so large that trying them all would outlast the sun.',
];

/** Shifts letters of `text` by `shift` places, keeping case; digits, braces and punctuation stay. */
function shiftLetters(text: string, shift: number): string {
  const rotate = (code: number, base: number): string => String.fromCharCode(base + ((((code - base + shift) % 26) + 26) % 26));
  return text.replace(/[A-Za-z]/g, (letter) => {
    const code = letter.charCodeAt(0);
    return code >= 97 ? rotate(code, 97) : rotate(code, 65);
  });
}

export function wrapLines(paragraph: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return [...lines, line].join('\n');
}

/**
 * An English text enciphered with a Caesar shift in 1..25 chosen from the seed. The flag sits in
 * the second paragraph; its letters are shifted like the rest, its braces, digits and underscores
 * are not.
 */
export const generateCaesarMessage: FileGenerator = ({ flag, seed }: GeneratorInput): GeneratedFile => {
  const shift = 1 + createSeedStream(seed, 'caesar-message').nextInt(25);
  const plaintext = PLAINTEXT_PARAGRAPHS.map((paragraph) => wrapLines(paragraph.replace('FLAG_PLACEHOLDER', flag), 72)).join(
    '\n\n',
  );
  return {
    fileName: 'message.txt',
    contentType: 'text/plain; charset=utf-8',
    data: Buffer.from(`${shiftLetters(plaintext, shift)}\n`, 'utf8'),
  };
};
