import { createHash, timingSafeEqual } from 'node:crypto';

/** How a submitted text is compared with the expected flag. New kinds (case-insensitive, regex) are new entries. */
export type FlagMatcherType = 'exact';

export interface FlagSpec {
  type: FlagMatcherType;
  value: string;
}

type FlagMatcher = (expected: string, submitted: string) => boolean;

/** Compares in constant time: both sides are hashed to a fixed length first, so neither length nor content leaks. */
export function constantTimeEquals(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(ha, hb);
}

export const FLAG_MATCHERS: Readonly<Record<FlagMatcherType, FlagMatcher>> = {
  exact: (expected, submitted) => constantTimeEquals(expected.trim(), submitted.trim()),
};

export function checkFlag(spec: FlagSpec, submitted: string): boolean {
  return FLAG_MATCHERS[spec.type](spec.value, submitted);
}
