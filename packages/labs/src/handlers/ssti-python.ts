/**
 * The Python side of the template-injection lab's Jinja2 interpreter (ssti-jinja.ts): values as Python shows them (`repr`,
 * `str`), attribute and item lookup with Jinja's fallbacks, arithmetic with Python's rules, and the filters. Plain data:
 * no JavaScript is ever evaluated.
 */
export type Value =
  | string
  | number
  | boolean
  | null
  | { kind: 'float'; value: number }
  | { kind: 'list' | 'tuple'; items: Value[] }
  | { kind: 'dict'; entries: Map<string, Value>; repr?: (body: string) => string }
  | PyObject
  | PyFunction
  | { kind: 'undefined'; name: string };

export interface PyObject {
  kind: 'object';
  repr: string;
  attrs: Record<string, Value>;
  /** Attributes that `__dict__` lists (the instance's own). */
  dict?: string[];
}

export interface PyFunction {
  kind: 'function';
  repr: string;
  attrs: Record<string, Value>;
  call: (args: Value[]) => Value;
}

export class TemplateError extends Error {}

export const MAX_LENGTH = 100_000;

/**
 * The characters and items one render may produce in all: a template that builds big strings again and again (the
 * input allows some seventy) fails with MemoryError instead of holding its lab worker for seconds. Reset per render.
 */
const WORK_BUDGET = 5_000_000;
let spent = 0;

export function resetWorkBudget(): void {
  spent = 0;
}

function spend(amount: number): void {
  spent += amount;
  if (spent > WORK_BUDGET) throw new TemplateError('MemoryError');
}

export function fn(repr: string, call: (args: Value[]) => Value, attrs: Record<string, Value> = {}): PyFunction {
  return { kind: 'function', repr, call, attrs };
}

export function dict(entries: Record<string, Value>, repr?: (body: string) => string): Value {
  return { kind: 'dict', entries: new Map(Object.entries(entries)), repr };
}

export function isObject(value: Value, kind: string): boolean {
  return typeof value === 'object' && value !== null && value.kind === kind;
}

export function pyRepr(value: Value): string {
  if (typeof value === 'string') {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    const body = value
      .replace(/\\/g, '\\\\')
      .replace(/\n/g, '\\n')
      .replace(quote === "'" ? /'/g : /"/g, `\\${quote}`);
    return `${quote}${body}${quote}`;
  }
  return pyStr(value);
}

export function pyStr(value: Value): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  switch (value.kind) {
    case 'float':
      return Number.isInteger(value.value) ? `${value.value}.0` : String(value.value);
    case 'list':
      return `[${value.items.map(pyRepr).join(', ')}]`;
    case 'tuple':
      return value.items.length === 1 ? `(${pyRepr(value.items[0] ?? null)},)` : `(${value.items.map(pyRepr).join(', ')})`;
    case 'dict': {
      const body = `{${[...value.entries].map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`).join(', ')}}`;
      return value.repr ? value.repr(body) : body;
    }
    case 'object':
    case 'function':
      return value.repr;
    case 'undefined':
      return '';
  }
}

export function typeName(value: Value): string {
  if (value === null) return 'NoneType';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'number') return 'int';
  if (typeof value === 'boolean') return 'bool';
  if (value.kind === 'object') return /^<(\w+)/.exec(value.repr)?.[1] ?? 'object';
  return value.kind;
}

export function undefinedError(value: { name: string }): TemplateError {
  return new TemplateError(`jinja2.exceptions.UndefinedError: ${value.name}`);
}

/** getattr(obj, name), or undefined when there is no such attribute. */
function getAttribute(value: Value, name: string): Value | undefined {
  if (typeof value === 'object' && value !== null) {
    if (value.kind === 'undefined') throw undefinedError(value);
    if (value.kind === 'object' || value.kind === 'function') {
      if (name === '__dict__' && value.kind === 'object')
        return dict(Object.fromEntries((value.dict ?? Object.keys(value.attrs)).map((key) => [key, value.attrs[key] ?? null])));
      return Object.hasOwn(value.attrs, name) ? value.attrs[name] : undefined;
    }
    if (value.kind === 'dict') {
      const entries = value.entries;
      if (name === 'items')
        return fn('<built-in method items>', () => ({
          kind: 'list',
          items: [...entries].map(([k, v]) => ({ kind: 'tuple', items: [k, v] })),
        }));
      if (name === 'keys') return fn('<built-in method keys>', () => ({ kind: 'list', items: [...entries.keys()] }));
      if (name === 'values') return fn('<built-in method values>', () => ({ kind: 'list', items: [...entries.values()] }));
      if (name === 'get')
        return fn('<built-in method get>', ([key, fallback]) => entries.get(pyStr(key ?? null)) ?? fallback ?? null);
    }
  }
  if (typeof value === 'string') {
    const methods: Record<string, (args: Value[]) => Value> = {
      upper: () => value.toUpperCase(),
      lower: () => value.toLowerCase(),
      strip: () => value.trim(),
      replace: ([a, b]) => value.split(pyStr(a ?? '')).join(pyStr(b ?? '')),
      join: ([items]) =>
        iterate(items ?? '')
          .map(pyStr)
          .join(value),
      split: ([sep]) => ({
        kind: 'list',
        items: sep === undefined ? value.split(/\s+/).filter(Boolean) : value.split(pyStr(sep)),
      }),
      startswith: ([prefix]) => value.startsWith(pyStr(prefix ?? '')),
    };
    const method = methods[name];
    if (method) return fn(`<built-in method ${name} of str object>`, method);
  }
  return undefined;
}

function getItem(value: Value, key: Value): Value | undefined {
  if (typeof value === 'object' && value !== null) {
    if (value.kind === 'undefined') throw undefinedError(value);
    if (value.kind === 'dict') return value.entries.get(pyStr(key));
    if ((value.kind === 'list' || value.kind === 'tuple') && typeof key === 'number')
      return value.items[key < 0 ? value.items.length + key : key];
  }
  if (typeof value === 'string' && typeof key === 'number') return value[key < 0 ? value.length + key : key];
  return undefined;
}

function missing(owner: Value, name: string): Value {
  return { kind: 'undefined', name: `'${typeName(owner)} object' has no attribute '${name}'` };
}

/** Jinja's environment.getattr: attribute first, then item. */
export function jinjaGetattr(owner: Value, name: string): Value {
  return getAttribute(owner, name) ?? getItem(owner, name) ?? missing(owner, name);
}

/** Jinja's environment.getitem: item first, then attribute for a string key. */
export function jinjaGetitem(owner: Value, key: Value): Value {
  const item = getItem(owner, key);
  if (item !== undefined) return item;
  if (typeof key === 'string') return getAttribute(owner, key) ?? missing(owner, key);
  return { kind: 'undefined', name: `'${typeName(owner)} object' has no item ${pyRepr(key)}` };
}

function iterate(value: Value): Value[] {
  if (typeof value === 'string') {
    spend(value.length);
    return [...value];
  }
  if (typeof value === 'object' && value !== null) {
    if (value.kind === 'list' || value.kind === 'tuple') return value.items;
    if (value.kind === 'dict') return [...value.entries.keys()];
    if (value.kind === 'undefined') return [];
  }
  throw new TemplateError(`TypeError: '${typeName(value)}' object is not iterable`);
}

function numberOf(value: Value): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (isObject(value, 'float')) return (value as { value: number }).value;
  return undefined;
}

function checkLength(text: string): string {
  if (text.length > MAX_LENGTH) throw new TemplateError('MemoryError');
  spend(text.length);
  return text;
}

/** Refuses, before building it, a string longer than MAX_LENGTH (a huge join or replace would not fit in memory). */
function checkPlannedLength(length: number): void {
  if (length > MAX_LENGTH) throw new TemplateError('MemoryError');
}

export function arithmetic(op: string, left: Value, right: Value): Value {
  if (op === '~') return checkLength(pyStr(left) + pyStr(right));
  if (isObject(left, 'undefined')) throw undefinedError(left as { name: string });
  if (isObject(right, 'undefined')) throw undefinedError(right as { name: string });
  const a = numberOf(left);
  const b = numberOf(right);
  if (op === '+' && typeof left === 'string' && typeof right === 'string') return checkLength(left + right);
  if (op === '+' && isObject(left, 'list') && isObject(right, 'list'))
    return { kind: 'list', items: [...(left as { items: Value[] }).items, ...(right as { items: Value[] }).items] };
  if (op === '*' && (typeof left === 'string' || typeof right === 'string')) {
    const text = typeof left === 'string' ? left : (right as string);
    const times = typeof left === 'string' ? b : a;
    if (times === undefined || !Number.isInteger(times)) throw new TemplateError("TypeError: can't multiply sequence by non-int");
    if (text.length * Math.max(0, times) > MAX_LENGTH) throw new TemplateError('MemoryError');
    return checkLength(text.repeat(Math.max(0, times)));
  }
  if (a === undefined || b === undefined)
    throw new TemplateError(`TypeError: unsupported operand type(s) for ${op}: '${typeName(left)}' and '${typeName(right)}'`);
  const isFloat = isObject(left, 'float') || isObject(right, 'float');
  const wrap = (n: number): Value => (isFloat || !Number.isInteger(n) ? { kind: 'float', value: n } : n);
  switch (op) {
    case '+':
      return wrap(a + b);
    case '-':
      return wrap(a - b);
    case '*':
      return wrap(a * b);
    case '/':
      if (b === 0) throw new TemplateError('ZeroDivisionError: division by zero');
      return { kind: 'float', value: a / b };
    case '//':
      if (b === 0) throw new TemplateError('ZeroDivisionError: integer division or modulo by zero');
      return wrap(Math.floor(a / b));
    case '%':
      if (b === 0) throw new TemplateError('ZeroDivisionError: integer division or modulo by zero');
      return wrap(((a % b) + b) % b);
    case '**': {
      const result = a ** b;
      if (!Number.isSafeInteger(result) && Number.isInteger(a) && Number.isInteger(b) && b >= 0)
        throw new TemplateError('OverflowError');
      return wrap(result);
    }
  }
  throw new TemplateError(`unknown operator ${op}`);
}

export const FILTERS: Record<string, (value: Value, args: Value[]) => Value> = {
  attr: (value, [name]) => getAttribute(value, pyStr(name ?? '')) ?? missing(value, pyStr(name ?? '')),
  string: (value) => pyStr(value),
  upper: (value) => pyStr(value).toUpperCase(),
  lower: (value) => pyStr(value).toLowerCase(),
  title: (value) => pyStr(value).replace(/\b\w/g, (c) => c.toUpperCase()),
  capitalize: (value) => pyStr(value).charAt(0).toUpperCase() + pyStr(value).slice(1).toLowerCase(),
  trim: (value) => pyStr(value).trim(),
  length: (value) => iterate(value).length,
  count: (value) => iterate(value).length,
  list: (value) => ({ kind: 'list', items: iterate(value) }),
  join: (value, [sep]) => {
    const parts = iterate(value).map(pyStr);
    const separator = sep === undefined ? '' : pyStr(sep);
    checkPlannedLength(parts.reduce((sum, part) => sum + part.length, 0) + separator.length * Math.max(0, parts.length - 1));
    return checkLength(parts.join(separator));
  },
  first: (value) => iterate(value)[0] ?? { kind: 'undefined', name: 'No first item, sequence was empty.' },
  last: (value) => iterate(value).at(-1) ?? { kind: 'undefined', name: 'No last item, sequence was empty.' },
  reverse: (value) =>
    typeof value === 'string' ? [...value].reverse().join('') : { kind: 'list', items: [...iterate(value)].reverse() },
  replace: (value, [a, b]) => {
    const pieces = pyStr(value).split(pyStr(a ?? ''));
    const replacement = pyStr(b ?? '');
    checkPlannedLength(pieces.reduce((sum, piece) => sum + piece.length, 0) + replacement.length * (pieces.length - 1));
    return checkLength(pieces.join(replacement));
  },
  safe: (value) => value,
  e: (value) => value,
  escape: (value) => value,
  default: (value, [fallback]) => (isObject(value, 'undefined') ? (fallback ?? '') : value),
  d: (value, [fallback]) => (isObject(value, 'undefined') ? (fallback ?? '') : value),
  int: (value) => (typeof value === 'number' ? value : Number.parseInt(pyStr(value), 10) || 0),
};
