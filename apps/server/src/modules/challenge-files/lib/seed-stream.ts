import { createCipheriv, createHmac } from 'node:crypto';

/** Deterministic pseudo-random source derived from the deployment seed. */
const POOL_SIZE = 4096;

export interface SeedStream {
  nextBytes(length: number): Buffer;
  /** Uniform integer in [0, maxExclusive). */
  nextInt(maxExclusive: number): number;
  /** Uniform integer in [min, max]. */
  nextIntBetween(min: number, max: number): number;
  /** Uniform float in [0, 1). */
  nextFloat(): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
}

/**
 * Returns a stream of bytes keyed by HMAC-SHA256(seed, purpose) and expanded with AES-256-CTR
 * (a fast counter-mode keystream; each purpose gets an independent stream, so adding a draw in
 * one generator never shifts another's output).
 */
export function createSeedStream(seed: Buffer, purpose: string): SeedStream {
  const key = createHmac('sha256', seed).update(`drapeau/challenge-files/${purpose}`).digest();
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));

  // The keystream is drawn in blocks: one cipher call per few thousand draws, not one per draw.
  let pool = Buffer.alloc(0);
  let offset = 0;
  const reserve = (length: number): number => {
    if (offset + length > pool.length) {
      const rest = pool.subarray(offset);
      pool = Buffer.concat([rest, cipher.update(Buffer.alloc(Math.max(POOL_SIZE, length - rest.length)))]);
      offset = 0;
    }
    const start = offset;
    offset += length;
    return start;
  };
  const nextBytes = (length: number): Buffer => {
    const start = reserve(length);
    return Buffer.from(pool.subarray(start, start + length));
  };
  const nextUint32 = (): number => {
    const start = reserve(4); // before reading `pool`: reserve may replace it
    return pool.readUInt32BE(start);
  };

  const nextInt = (maxExclusive: number): number => {
    if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > 2 ** 32) {
      throw new RangeError(`nextInt bound out of range: ${maxExclusive}`);
    }
    // Rejection sampling keeps the draw unbiased.
    const limit = 2 ** 32 - (2 ** 32 % maxExclusive);
    for (;;) {
      const value = nextUint32();
      if (value < limit) return value % maxExclusive;
    }
  };

  const pick = <T>(items: readonly T[]): T => {
    const item = items[nextInt(items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  };

  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = nextInt(i + 1);
      const a = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = a;
    }
    return copy;
  };

  return {
    nextBytes,
    nextInt,
    nextIntBetween: (min, max) => min + nextInt(max - min + 1),
    nextFloat: () => nextUint32() / 2 ** 32,
    pick,
    shuffle,
  };
}
