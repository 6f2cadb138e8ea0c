/**
 * Admin edit (docs/product.md#validation): the score is parsed as an integer and falls back to 0 when it is not a number.
 */
export function parseScore(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isNaN(value) ? 0 : value;
}
