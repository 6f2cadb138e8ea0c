/**
 * French typography for user-visible text (docs/product.md#texts): a narrow no-break space
 * (U+202F) before ; ! ? and inside « », a no-break space (U+00A0, or U+202F) before : and between a number and its
 * unit, the typographic apostrophe ’ and the ellipsis character …. Code, URLs, flag formats and i18next placeholders are not prose: they are masked
 * before the rules run, so `c'a't`, https://a.b/?q=1, CTF{...} and {{count}} stay as they must be written.
 */

export interface TypographyProblem {
  rule:
    | 'space-before-punctuation'
    | 'no-space-before-punctuation'
    | 'space-before-colon'
    | 'straight-apostrophe'
    | 'three-dots'
    | 'guillemet-space'
    | 'space-before-unit';
  /** The text around the problem, as written (not masked). */
  excerpt: string;
}

/** Regions that are not French prose, in the order they are masked (a fenced block before the inline code inside it). */
const NOT_PROSE: readonly RegExp[] = [
  /```[\s\S]*?(?:```|$)/g, // Markdown fenced code block
  /`[^`\n]*`/g, // Markdown code span
  /\b[a-z][a-z0-9+.-]*:\/\/[^\s)>\]]+/gi, // URL
  /\{\{[^}]*\}\}/g, // i18next placeholder
  /\$t\([^)]*\)/g, // i18next nesting
  /\b[A-Za-z]+\{[^}\s]*\}/g, // flag format: CTF{...}, FLAG{…}
  /<\/?[A-Za-z][^<>]*>/g, // markup tag (i18next Trans, HTML)
];

/** A breaking space between a number (or a number placeholder) and its unit: "5 Mo", "{{seconds}} s", "16 octets". */
const SPACE_BEFORE_UNIT = /(?:\d|\}\}) (?:pts?|[KMG]i?o|octets?|bits?|s|ms|min|h|jours?)(?![\p{L}\d])/gu;

/** Replaces each non-prose region by letters of the same length, so that positions and "is there a space" hold. */
export function maskNonProse(text: string): string {
  return NOT_PROSE.reduce((masked, pattern) => masked.replace(pattern, (match) => 'x'.repeat(match.length)), text);
}

const RULES: readonly { rule: TypographyProblem['rule']; pattern: RegExp }[] = [
  // A plain (breaking) space before ; ! ? or : lets the line break before the sign.
  { rule: 'space-before-punctuation', pattern: / [;!?]/g },
  { rule: 'space-before-colon', pattern: / :/g },
  // Nothing at all before ; ! ? (a second ! or ? after the first is fine: « Vraiment ?! »).
  { rule: 'no-space-before-punctuation', pattern: /(?:^|[^\s\u202F\u00A0!?])[;!?]/g },
  { rule: 'straight-apostrophe', pattern: /'/g },
  { rule: 'three-dots', pattern: /\.\.\./g },
  { rule: 'guillemet-space', pattern: /«(?!\u202F)|(?<!\u202F)»/g },
];

/** Every breach of the rules in one French string (empty when it is well set). */
export function checkFrenchTypography(text: string): TypographyProblem[] {
  const masked = maskNonProse(text);
  const problems: TypographyProblem[] = [];
  for (const { rule, pattern } of RULES) {
    for (const match of masked.matchAll(pattern)) {
      const at = match.index;
      problems.push({ rule, excerpt: text.slice(Math.max(0, at - 25), at + match[0].length + 10) });
    }
  }
  // Units are checked on the text with its placeholders: "{{count, number}} pts" is a number and its unit.
  const withPlaceholders = NOT_PROSE.slice(0, 3).reduce((m, pattern) => m.replace(pattern, (x) => 'x'.repeat(x.length)), text);
  for (const match of withPlaceholders.matchAll(SPACE_BEFORE_UNIT)) {
    problems.push({
      rule: 'space-before-unit',
      excerpt: text.slice(Math.max(0, match.index - 25), match.index + match[0].length + 10),
    });
  }
  return problems;
}
