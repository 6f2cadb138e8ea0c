/** Seeded generators of valid, malformed and hostile requests, driven by the OpenAPI document's JSON schemas. */

/** mulberry32: small, fast, and the same sequence for the same seed. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Random = ReturnType<typeof createRandom>;

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  $ref?: string;
}

function deep(depth: number, leaf: unknown, asArray: boolean): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
  return value;
}

const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'x'.repeat(5000),
  '𝕏'.repeat(300),
  '\uD800',
  '\u202Eevil',
  '\u200B',
  'e\u0301',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'true',
  '-1',
  '1e309',
  'NaN',
  'a\r\nSet-Cookie: x=y',
  'CTF{' + 'A'.repeat(490) + '}',
];

const HOSTILE_NUMBERS: readonly number[] = [0, -1, 1.5, -0, 2 ** 31, 2 ** 53 + 2, Number.MAX_VALUE, -Number.MAX_VALUE];

/** Any value a client should never send: wrong types, edges, deep or wide structures. */
export function hostileValue(r: Random): unknown {
  switch (r.int(0, 9)) {
    case 0:
    case 1:
    case 2:
      return r.pick(HOSTILE_STRINGS);
    case 3:
      return r.pick(HOSTILE_NUMBERS);
    case 4:
      return r.pick([null, true, false]);
    case 5:
      return r.pick([[], {}, [null], [''], { '': '' }]);
    case 6:
      return deep(r.pick([50, 500, 1000]), r.pick(['x', 1, null]), r.chance(0.5));
    case 7:
      return Array.from({ length: r.pick([100, 5000]) }, (_, i) => i);
    case 8:
      // An own "__proto__" key, as JSON.parse makes it (an object literal would set the prototype instead).
      return JSON.parse('{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}},"toString":"x"}') as unknown;
    default:
      return Object.fromEntries(Array.from({ length: r.pick([10, 1000]) }, (_, i) => [`k${i}`, i]));
  }
}

/** Fields a hostile client adds to claim what it may not have. */
const PRIVILEGE_FIELDS: Record<string, unknown> = {
  role: 'admin',
  rank: 'admin',
  score: 999_999,
  scoreAdjustment: 999_999,
  isAdmin: true,
  banned: false,
  userId: 'someone-else',
  uid: 'someone-else',
  emailVerified: true,
};

function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  if (schema.$ref?.startsWith('#/components/schemas/'))
    return components[schema.$ref.slice('#/components/schemas/'.length)] ?? {};
  return schema;
}

function word(r: Random, min: number, max: number, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'): string {
  const length = r.int(min, Math.max(min, Math.min(max, min + 12)));
  return Array.from({ length }, () => alphabet[r.int(0, alphabet.length - 1)]).join('');
}

/** A value that satisfies `schema` (most of the time): the starting point that mutations then break. */
export function validValue(schema: JsonSchema, r: Random, components: Record<string, JsonSchema>, depth = 0): unknown {
  const s = resolve(schema, components);
  if (s.const !== undefined) return s.const;
  if (s.enum) return r.pick(s.enum);
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return validValue(r.pick(variants), r, components, depth + 1);
  const type = Array.isArray(s.type) ? r.pick(s.type) : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(s.properties ?? {})) {
        if (depth < 4 && ((s.required ?? []).includes(key) || r.chance(0.6)))
          out[key] = validValue(property, r, components, depth + 1);
      }
      return out;
    }
    case 'array':
      return depth < 4 ? Array.from({ length: r.int(0, 3) }, () => validValue(s.items ?? {}, r, components, depth + 1)) : [];
    case 'integer':
    case 'number':
      return r.int(s.minimum ?? 0, Math.min(s.maximum ?? 100, (s.minimum ?? 0) + 100));
    case 'boolean':
      return r.chance(0.5);
    case 'null':
      return null;
    case 'string': {
      if (s.format === 'email' || /email/i.test(s.pattern ?? '')) return `${word(r, 3, 10)}@example.com`;
      if (s.format === 'uri') return `https://example.com/${word(r, 1, 8)}`;
      const min = s.minLength ?? 1;
      const max = s.maxLength ?? 40;
      return word(r, min, max, s.pattern?.includes('A-Z') ? 'abcdefghijklmnopqrstuvwxyzABCDEF0123456789._-' : undefined);
    }
    default:
      return word(r, 1, 10);
  }
}

/** Breaks a valid body in one to three ways: missing, extra, wrong-typed or hostile fields, or a body that is not one. */
export function mutateBody(body: unknown, schema: JsonSchema, r: Random, components: Record<string, JsonSchema>): unknown {
  if (r.chance(0.15)) return hostileValue(r);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return r.chance(0.5) ? hostileValue(r) : body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  const keys = Object.keys(resolve(schema, components).properties ?? {});
  for (let n = r.int(1, 3); n > 0; n -= 1) {
    const key = keys.length > 0 && r.chance(0.7) ? r.pick(keys) : r.pick(Object.keys(PRIVILEGE_FIELDS).concat(['x', '']));
    switch (r.int(0, 3)) {
      case 0:
        delete out[key];
        break;
      case 1:
        out[key] = PRIVILEGE_FIELDS[key] ?? hostileValue(r);
        break;
      case 2:
        Object.assign(out, { [r.pick(Object.keys(PRIVILEGE_FIELDS))]: r.chance(0.5) ? 'admin' : 999_999 });
        break;
      default:
        out[key] = hostileValue(r);
    }
  }
  return out;
}

export const CONTENT_TYPES: readonly string[] = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----x',
  'image/png',
  'image/svg+xml',
  'application/xml',
  'a/b/c',
  '',
];

export const BAD_JSON: readonly string[] = [
  '{',
  '{"flag":',
  '{"a":1,}',
  "{'a':1}",
  'null',
  '[]',
  '"string"',
  '1e999',
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '\u0000',
  '\uFEFF{"a":1}',
  '{"a":"\\uD800"}',
  '{"a":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}',
  '{"flag":' + '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000) + '}',
];

/** Percent-encodes; a lone surrogate (which encodeURIComponent refuses) becomes its invalid UTF-8 bytes. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** A path parameter: a real value some of the time, an odd one otherwise (raw, percent-encoded when needed). */
export function pathValue(r: Random, real: readonly string[]): string {
  if (real.length > 0 && r.chance(0.35)) return encode(r.pick(real));
  const raw = r.pick([
    ...HOSTILE_STRINGS.filter((s) => s !== '').map(encode),
    '%00',
    '%2F',
    '%2e%2e',
    '..',
    '.',
    '%E0%A4%A',
    '%',
    '%ZZ',
    'a'.repeat(3000),
    '%F0%9F%98%80',
    '-1',
    '0',
    '00000000-0000-0000-0000-000000000000',
  ]);
  return raw;
}

/** A query string for the declared parameters, with odd values, duplicates, extras and broken encodings. */
export function queryString(r: Random, names: readonly string[]): string {
  const parts: string[] = [];
  for (const name of names) {
    if (r.chance(0.3)) continue;
    const value = r.chance(0.4)
      ? r.pick(['1', '2', '0', '-1', '100001', '1.5', '1e3', 'abc', '', 'true', 'admin', 'correct'])
      : encode(r.pick(HOSTILE_STRINGS));
    parts.push(`${name}=${value}`);
    if (r.chance(0.15)) parts.push(`${name}=${encode(r.pick(HOSTILE_STRINGS))}`);
  }
  if (r.chance(0.3))
    parts.push(r.pick(['__proto__[role]=admin', 'constructor[prototype][x]=1', 'x=%ZZ', '%=%', '&&&', 'a[]=1&a[]=2', '=']));
  return parts.length > 0 ? `?${parts.join('&')}` : r.chance(0.1) ? '?' : '';
}
