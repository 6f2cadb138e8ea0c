import type { ResponseSchema } from './api-client';

/**
 * Checks of the few responses the first page reads (session, sign-in, landing stats, errors), written without the schema
 * library so that the landing and login pages stay light (docs/architecture.md#web-app). Each mirrors a zod schema of
 * `@drapeau/shared`; `first-load-schemas.test.ts` checks they accept and refuse the same bodies.
 */
export type Guard = (value: unknown) => boolean;

export const isString: Guard = (value) => typeof value === 'string';
export const isBoolean: Guard = (value) => typeof value === 'boolean';
export const isInteger: Guard = (value) => Number.isInteger(value);
export const literal =
  (expected: string | number | boolean): Guard =>
  (value) =>
    value === expected;
export const oneOf =
  (choices: readonly string[]): Guard =>
  (value) =>
    typeof value === 'string' && choices.includes(value);
export const nullable =
  (guard: Guard): Guard =>
  (value) =>
    value === null || guard(value);
export const optional =
  (guard: Guard): Guard =>
  (value) =>
    value === undefined || guard(value);
export const arrayOf =
  (guard: Guard): Guard =>
  (value) =>
    Array.isArray(value) && value.every(guard);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const objectOf =
  (shape: Record<string, Guard>): Guard =>
  (value) =>
    isRecord(value) && Object.entries(shape).every(([key, guard]) => guard(value[key]));

/** A response schema for {@link apiClient} from a guard; `T` is the shared type the guard mirrors. */
export function lightSchema<T>(guard: Guard): ResponseSchema<T> {
  return {
    safeParse: (data: unknown) => (guard(data) ? { success: true, data: data as T } : { success: false }),
  };
}
