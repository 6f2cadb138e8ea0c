import { randomInt } from 'node:crypto';

import { CLASS_CODE_ALPHABET, CLASS_LIMITS } from '@drapeau/shared';

/**
 * A new join code: CLASS_LIMITS.codeLength characters drawn by the operating system's random source from an alphabet
 * without look-alikes (31 symbols, so about 50 bits). Guessing one is bounded by the join limits (docs/product.md#classes).
 */
export function generateClassCode(): string {
  let code = '';
  for (let i = 0; i < CLASS_LIMITS.codeLength; i += 1) code += CLASS_CODE_ALPHABET[randomInt(CLASS_CODE_ALPHABET.length)];
  return code;
}
