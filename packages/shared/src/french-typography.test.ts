import { describe, expect, it } from 'vitest';

import { checkFrenchTypography } from './french-typography.js';

const N = '\u202F';
const NB = '\u00A0';

function rules(text: string): string[] {
  return checkFrenchTypography(text).map((problem) => problem.rule);
}

describe('checkFrenchTypography', () => {
  it.each([
    `Bravo${N}! Vous avez capturé ce flag.`,
    `Attention${NB}: ne partagez pas les flags${N}; jouez le jeu.`,
    `Vraiment${N}?!`,
    `Le flag est au format CTF{...} et l’outil s’appelle \`c'a't\`${N}?`,
    'Tapez `ls -la; cat notes.txt` puis lisez https://owasp.org/Top10/A03_2021-Injection/?a=1.',
    `Supprimer {{name}}${N}?`,
    `Votre score${NB}: {{count}}${NB}pts`,
    "```sh\necho 'a' ; ls !\n```",
    `Il a dit «${N}bonjour${N}».`,
    'Heure : 10:30',
    `Moins de 5${NB}Mo, dans {{seconds}}${NB}s, 16${NB}octets, {{count, number}}${NB}pts, 3 solutions`,
  ])('accepts well-set French: %s', (text) => {
    expect(checkFrenchTypography(text.replace('Heure : ', `Heure${NB}: `))).toEqual([]);
  });

  it.each([
    ['Bravo ! Vous avez capturé ce flag.', 'space-before-punctuation'],
    ['Bravo! Vous avez capturé ce flag.', 'no-space-before-punctuation'],
    ['Jouez le jeu ; ne partagez pas.', 'space-before-punctuation'],
    ['Jouez le jeu; ne partagez pas.', 'no-space-before-punctuation'],
    ['Prêt ?', 'space-before-punctuation'],
    ['Attention : ne partagez pas.', 'space-before-colon'],
    ["L'archive est protégée.", 'straight-apostrophe'],
    ['Chargement...', 'three-dots'],
    ['Il a dit « bonjour ».', 'guillemet-space'],
    ['L’image doit faire moins de 5 Mo', 'space-before-unit'],
    ['Réessayez dans {{seconds}} s.', 'space-before-unit'],
    ['Un tampon de 16 octets', 'space-before-unit'],
    ['{{count, number}} pts', 'space-before-unit'],
    // Masked regions end where they end: prose right after a code span is still checked.
    ['Lancez `whoami` ; puis lisez.', 'space-before-punctuation'],
    ["Le flag CTF{abc} n'est pas partagé.", 'straight-apostrophe'],
  ])('refuses %s (%s)', (text, rule) => {
    expect(rules(text)).toContain(rule);
  });

  it('names the text around each problem', () => {
    expect(checkFrenchTypography('Il faut une clé : la voici.')[0]?.excerpt).toContain('clé : la');
  });
});
