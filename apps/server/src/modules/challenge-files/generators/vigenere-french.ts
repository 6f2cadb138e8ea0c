import type { FileGenerator, GeneratedFile, GeneratorInput } from '../generator.js';
import { createSeedStream } from '../lib/seed-stream.js';

import { wrapLines } from './caesar-message.js';

/**
 * A French letter, written with its accents; the file drops them (see `stripAccents`) so that the
 * cipher works on the 26 letters, as Vigenère's did.
 */
const PLAINTEXT_PARAGRAPHS: readonly string[] = [
  'Paris, le douze mars. Cher ami, je vous écris de nouveau avec notre vieille méthode, puisque la précédente ' +
    'lettre a été ouverte avant de vous parvenir. Le facteur jure que non, mais le cachet était recollé et le ' +
    'papier sentait le tabac. Je ne fume pas, et vous non plus. Quelqu’un lit donc notre courrier, et ce quelqu’un ' +
    'ne doit rien comprendre à celui-ci.',
  'On a longtemps appelé ce procédé le chiffre indéchiffrable. Blaise de Vigenère l’a décrit au seizième siècle, ' +
    'et pendant près de trois cents ans personne n’a su le casser de manière générale. Chaque lettre du message ' +
    'est décalée selon la lettre de la clé qui lui fait face, et la clé se répète tout au long du texte. Une même ' +
    'lettre claire devient ainsi plusieurs lettres chiffrées différentes, ce qui brouille les fréquences que César ' +
    'laissait voir à tout le monde.',
  'Pourtant, vers le milieu du dix-neuvième siècle, Charles Babbage puis Friedrich Kasiski ont remarqué que les ' +
    'mêmes groupes de lettres, chiffrés par la même portion de la clé, reviennent à des distances qui sont des ' +
    'multiples de sa longueur. Plus tard, William Friedman a montré que l’indice de coïncidence d’une colonne ' +
    'trahit aussi cette longueur. Une fois la longueur connue, chaque colonne n’est plus qu’un simple chiffre de ' +
    'César, et la lettre la plus fréquente du français, le E, donne le décalage de chacune.',
  'Je vous demande donc de garder ce papier sous clé, de ne jamais le laisser sur votre bureau, et de brûler le ' +
    'brouillon dès que vous aurez lu ces lignes. Nos amis de Lyon attendent votre réponse avant la fin du mois, et ' +
    'ils ne bougeront pas tant que vous ne leur aurez pas donné le mot convenu. Ne le dites à personne, pas même à ' +
    'votre frère, qui parle trop quand il a bu.',
  'Voici enfin ce que vous attendiez. Le code qui ouvre le coffre de la banque est FLAG_PLACEHOLDER et il ne ' +
    'servira qu’une seule fois. Recopiez-le exactement, accolades comprises, sans changer une seule majuscule. ' +
    'Je vous embrasse, et je compte sur votre discrétion comme toujours. Votre dévoué Jules.',
];

const KEY_LETTERS = 'bcdefghijklmnopqrstuvwxyz';

/** Drops accents and ligatures (é → e, ç → c, œ → oe) and uses a straight apostrophe: the alphabet is A-Z. */
function stripAccents(text: string): string {
  return text
    .replaceAll('œ', 'oe')
    .replaceAll('Œ', 'OE')
    .replaceAll('’', "'")
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Vigenère on A-Z and a-z, case kept; the key advances on letters only, everything else is copied. */
export function encryptVigenere(text: string, key: string, direction: 1 | -1 = 1): string {
  const shifts = [...key.toLowerCase()].map((letter) => letter.charCodeAt(0) - 97);
  let index = 0;
  return text.replace(/[A-Za-z]/g, (letter) => {
    const base = letter >= 'a' ? 97 : 65;
    const shift = (shifts[index % shifts.length] ?? 0) * direction;
    index += 1;
    return String.fromCharCode(base + ((((letter.charCodeAt(0) - base + shift) % 26) + 26) % 26));
  });
}

/** The deployment's key: 6 to 10 letters, none of them `a` (which would leave its letters in clear). */
export function pickVigenereKey(seed: Buffer): string {
  const random = createSeedStream(seed, 'vigenere-french');
  const length = random.nextIntBetween(6, 10);
  return Array.from({ length }, () => random.pick([...KEY_LETTERS])).join('');
}

/**
 * A French letter (accents removed) enciphered with Vigenère under a key drawn from the seed. The flag is in the last
 * paragraph, its letters enciphered like the rest; its braces, digits and underscores are not.
 */
export const generateVigenereFrench: FileGenerator = ({ flag, seed }: GeneratorInput): GeneratedFile => {
  const key = pickVigenereKey(seed);
  const plaintext = PLAINTEXT_PARAGRAPHS.map((paragraph) =>
    wrapLines(stripAccents(paragraph.replace('FLAG_PLACEHOLDER', flag)), 72),
  ).join('\n\n');
  return {
    fileName: 'lettre.txt',
    contentType: 'text/plain; charset=utf-8',
    data: Buffer.from(`${encryptVigenere(plaintext, key)}\n`, 'utf8'),
  };
};
