/**
 * A small interpreter for the part of Jinja2 that template injection uses: `{{ … }}` expressions (literals, names,
 * `.attr`, `[key]`, calls, filters, `~ + - * / // % **`, unary minus) and `{# … #}` comments, evaluated over a graph of
 * plain data objects that imitates a Flask application. Python semantics where students rely on them: `7*'7'` repeats,
 * `a.b` falls back to `a['b']` and `a['b']` to `a.b`, a missing name is Undefined (prints nothing, fails when used).
 * No JavaScript is ever evaluated: every object, method and filter is written out below.
 */

import {
  type Value,
  type PyFunction,
  TemplateError,
  MAX_LENGTH,
  resetWorkBudget,
  isObject,
  pyRepr,
  pyStr,
  typeName,
  undefinedError,
  jinjaGetattr,
  jinjaGetitem,
  arithmetic,
  FILTERS,
} from './ssti-python.js';

interface Token {
  type: 'num' | 'str' | 'name' | 'op' | 'end';
  text: string;
  value?: Value;
}

const STRING_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i] ?? '';
    if (/\s/.test(char)) {
      i += 1;
      continue;
    }
    const number = /^\d+(\.\d+)?/.exec(source.slice(i));
    if (number) {
      tokens.push({
        type: 'num',
        text: number[0],
        value: number[1] ? { kind: 'float', value: Number(number[0]) } : Number(number[0]),
      });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i));
    if (name) {
      tokens.push({ type: 'name', text: name[0] });
      i += name[0].length;
      continue;
    }
    if (char === "'" || char === '"') {
      let text = '';
      let j = i + 1;
      for (; j < source.length && source[j] !== char; j += 1) {
        if (source[j] !== '\\') {
          text += source[j];
          continue;
        }
        const next = source[j + 1] ?? '';
        if (next === 'x' && /^[0-9a-fA-F]{2}$/.test(source.slice(j + 2, j + 4))) {
          text += String.fromCharCode(parseInt(source.slice(j + 2, j + 4), 16));
          j += 3;
        } else if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(source.slice(j + 2, j + 6))) {
          text += String.fromCharCode(parseInt(source.slice(j + 2, j + 6), 16));
          j += 5;
        } else {
          text += STRING_ESCAPES[next] ?? `\\${next}`;
          j += 1;
        }
      }
      if (j >= source.length) throw new TemplateError('TemplateSyntaxError: unexpected end of template');
      tokens.push({ type: 'str', text, value: text });
      i = j + 1;
      continue;
    }
    const op = ['**', '//', '==', '!='].find((candidate) => source.startsWith(candidate, i)) ?? char;
    if (!'.[](),|~+-*/%:'.includes(op) && op.length === 1)
      throw new TemplateError(`TemplateSyntaxError: unexpected char ${pyRepr(char)}`);
    tokens.push({ type: 'op', text: op });
    i += op.length;
  }
  tokens.push({ type: 'end', text: '' });
  return tokens;
}

class Parser {
  private index = 0;
  private depth = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly scope: ReadonlyMap<string, Value>,
  ) {}

  private peek(): Token {
    return this.tokens[this.index] ?? { type: 'end', text: '' };
  }

  private next(): Token {
    const token = this.peek();
    this.index += 1;
    return token;
  }

  private accept(text: string): boolean {
    if (this.peek().type === 'op' && this.peek().text === text) {
      this.index += 1;
      return true;
    }
    return false;
  }

  private expect(text: string): void {
    if (!this.accept(text))
      throw new TemplateError(
        `TemplateSyntaxError: expected token '${text}', got '${this.peek().text || 'end of print statement'}'`,
      );
  }

  parseAll(): Value {
    const value = this.parseExpression();
    if (this.peek().type !== 'end')
      throw new TemplateError(`TemplateSyntaxError: expected token 'end of print statement', got '${this.peek().text}'`);
    return value;
  }

  private parseExpression(): Value {
    this.depth += 1;
    if (this.depth > 64) throw new TemplateError('RecursionError');
    try {
      return this.parseConcat();
    } finally {
      this.depth -= 1;
    }
  }

  private parseConcat(): Value {
    let value = this.parseSum();
    while (this.accept('~')) value = arithmetic('~', value, this.parseSum());
    return value;
  }

  private parseSum(): Value {
    let value = this.parseProduct();
    for (;;) {
      const op = this.peek().text;
      if (this.peek().type !== 'op' || (op !== '+' && op !== '-')) return value;
      this.next();
      value = arithmetic(op, value, this.parseProduct());
    }
  }

  private parseProduct(): Value {
    let value = this.parseUnary();
    for (;;) {
      const op = this.peek().text;
      if (this.peek().type !== 'op' || !['*', '/', '//', '%'].includes(op)) return value;
      this.next();
      value = arithmetic(op, value, this.parseUnary());
    }
  }

  private parseUnary(): Value {
    if (this.accept('-')) return arithmetic('-', 0, this.parseUnary());
    if (this.accept('+')) return this.parseUnary();
    const base = this.parsePostfix();
    if (this.accept('**')) return arithmetic('**', base, this.parseUnary());
    return base;
  }

  private parseArguments(): Value[] {
    const args: Value[] = [];
    if (this.accept(')')) return args;
    do args.push(this.parseExpression());
    while (this.accept(','));
    this.expect(')');
    return args;
  }

  private parsePostfix(): Value {
    let value = this.parsePrimary();
    for (;;) {
      if (this.accept('.')) {
        const name = this.next();
        if (name.type !== 'name' && name.type !== 'num') throw new TemplateError('TemplateSyntaxError: expected name or number');
        value = name.type === 'num' ? jinjaGetitem(value, name.value ?? 0) : jinjaGetattr(value, name.text);
      } else if (this.accept('[')) {
        const key = this.parseExpression();
        this.expect(']');
        value = jinjaGetitem(value, key);
      } else if (this.accept('(')) {
        const args = this.parseArguments();
        if (isObject(value, 'undefined')) throw undefinedError(value as { name: string });
        if (!isObject(value, 'function')) throw new TemplateError(`TypeError: '${typeName(value)}' object is not callable`);
        value = (value as PyFunction).call(args);
      } else if (this.accept('|')) {
        const name = this.next();
        const filter = name.type === 'name' && Object.hasOwn(FILTERS, name.text) ? FILTERS[name.text] : undefined;
        if (!filter) throw new TemplateError(`TemplateAssertionError: No filter named '${name.text}'.`);
        const args = this.accept('(') ? this.parseArguments() : [];
        value = filter(value, args);
      } else return value;
    }
  }

  private parsePrimary(): Value {
    const token = this.next();
    if (token.type === 'num' || token.type === 'str') {
      let value = token.value ?? null;
      // Adjacent string literals are joined, as in Python.
      while (typeof value === 'string' && this.peek().type === 'str') value += this.next().text;
      return value;
    }
    if (token.type === 'name') {
      if (token.text === 'true' || token.text === 'True') return true;
      if (token.text === 'false' || token.text === 'False') return false;
      if (token.text === 'none' || token.text === 'None') return null;
      return this.scope.get(token.text) ?? { kind: 'undefined', name: `'${token.text}' is undefined` };
    }
    if (token.type === 'op' && token.text === '(') {
      const value = this.parseExpression();
      if (this.accept(',')) {
        const items = [value];
        while (!this.accept(')')) {
          items.push(this.parseExpression());
          if (!this.accept(',')) {
            this.expect(')');
            break;
          }
        }
        return { kind: 'tuple', items };
      }
      this.expect(')');
      return value;
    }
    if (token.type === 'op' && token.text === '[') {
      const items: Value[] = [];
      if (!this.accept(']')) {
        do items.push(this.parseExpression());
        while (this.accept(','));
        this.expect(']');
      }
      return { kind: 'list', items };
    }
    throw new TemplateError(`TemplateSyntaxError: unexpected '${token.text || 'end of print statement'}'`);
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');
}

/** render_template_string(source) with autoescape on, as Flask renders string templates. */
export function renderTemplate(source: string, scope: ReadonlyMap<string, Value>): string {
  resetWorkBudget();
  let output = '';
  let i = 0;
  while (i < source.length) {
    const open = source.slice(i).search(/\{[{%#]/);
    if (open === -1) {
      output += source.slice(i);
      break;
    }
    output += source.slice(i, i + open);
    const start = i + open;
    const kind = source[start + 1];
    const close = kind === '{' ? '}}' : kind === '%' ? '%}' : '#}';
    const end = source.indexOf(close, start + 2);
    if (end === -1) throw new TemplateError(`TemplateSyntaxError: unexpected end of template, expected '${close}'`);
    const body = source.slice(start + 2, end);
    if (kind === '%') {
      const tag = /^\s*-?\s*(\w*)/.exec(body)?.[1] ?? '';
      throw new TemplateError(`TemplateSyntaxError: Encountered unknown tag '${tag}'.`);
    }
    if (kind === '{') {
      const value = new Parser(tokenize(body), scope).parseAll();
      output += escapeHtml(pyStr(value));
      if (output.length > MAX_LENGTH) throw new TemplateError('MemoryError');
    }
    i = end + 2;
  }
  return output;
}
