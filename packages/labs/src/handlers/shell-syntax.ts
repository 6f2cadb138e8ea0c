/**
 * A parser for the subset of POSIX sh (as Debian's dash reads it) that command injection plays with: lists separated
 * by ; & and newlines, && and ||, pipes, ( subshells ), redirections, single and double quotes, backslashes,
 * $VAR ${VAR} $(…) and `…`, comments. It builds a tree; shell-expand.ts and shell-run.ts give it meaning.
 */

type WordPart =
  | { type: 'text'; text: string; quoted: boolean }
  | { type: 'param'; name: string; quoted: boolean }
  | { type: 'command'; source: string; quoted: boolean };

export type Word = WordPart[];

export interface Redirect {
  fd: number;
  op: '<' | '>' | '>>' | '>&';
  target: Word;
}

export type Command =
  { type: 'simple'; words: Word[]; redirects: Redirect[] } | { type: 'subshell'; body: List; redirects: Redirect[] };

export interface Pipeline {
  commands: Command[];
}

interface AndOr {
  first: Pipeline;
  rest: { op: '&&' | '||'; pipeline: Pipeline }[];
}

export type List = AndOr[];

export class ShellSyntaxError extends Error {}

const OPERATOR_START = new Set([';', '&', '|', '<', '>', '(', ')', '\n']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

class Parser {
  private position = 0;
  constructor(private readonly source: string) {}

  parseScript(): List {
    const list = this.parseList();
    if (this.position < this.source.length) throw this.unexpected();
    return list;
  }

  private peek(offset = 0): string {
    return this.source[this.position + offset] ?? '';
  }

  private unexpected(): ShellSyntaxError {
    const token = this.peek() === '\n' ? 'newline' : this.peek() || 'end of file';
    return new ShellSyntaxError(`Syntax error: "${token}" unexpected`);
  }

  private skipBlanks(): void {
    for (;;) {
      const char = this.peek();
      if (char === ' ' || char === '\t') this.position += 1;
      else if (char === '\\' && this.peek(1) === '\n') this.position += 2;
      else if (char === '#') while (this.position < this.source.length && this.peek() !== '\n') this.position += 1;
      else return;
    }
  }

  private skipSeparators(): void {
    for (;;) {
      this.skipBlanks();
      if (
        this.peek() === '\n' ||
        (this.peek() === ';' && this.peek(1) !== ';') ||
        (this.peek() === '&' && this.peek(1) !== '&')
      ) {
        this.position += 1;
      } else return;
    }
  }

  private parseList(): List {
    const list: List = [];
    this.skipSeparators();
    while (this.position < this.source.length && this.peek() !== ')') {
      list.push(this.parseAndOr());
      this.skipBlanks();
      const char = this.peek();
      if (char === ';' || char === '&' || char === '\n') this.skipSeparators();
      else if (char !== ')' && this.position < this.source.length) throw this.unexpected();
    }
    return list;
  }

  private parseAndOr(): AndOr {
    const first = this.parsePipeline();
    const rest: AndOr['rest'] = [];
    for (;;) {
      this.skipBlanks();
      const op = this.source.slice(this.position, this.position + 2);
      if (op !== '&&' && op !== '||') return { first, rest };
      this.position += 2;
      this.skipSeparatorsInside();
      rest.push({ op, pipeline: this.parsePipeline() });
    }
  }

  /** After && || | a newline may come before the next command. */
  private skipSeparatorsInside(): void {
    for (;;) {
      this.skipBlanks();
      if (this.peek() === '\n') this.position += 1;
      else return;
    }
  }

  private parsePipeline(): Pipeline {
    const commands = [this.parseCommand()];
    for (;;) {
      this.skipBlanks();
      if (this.peek() !== '|' || this.peek(1) === '|') return { commands };
      this.position += 1;
      this.skipSeparatorsInside();
      commands.push(this.parseCommand());
    }
  }

  private parseCommand(): Command {
    this.skipBlanks();
    if (this.peek() === '(') {
      this.position += 1;
      const body = this.parseList();
      if (this.peek() !== ')') throw this.unexpected();
      this.position += 1;
      return { type: 'subshell', body, redirects: this.parseRedirects([]) };
    }
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (;;) {
      this.skipBlanks();
      const char = this.peek();
      if (char === '' || char === '\n' || char === ';' || char === '&' || char === '|' || char === ')' || char === '(') break;
      const redirect = this.tryRedirect();
      if (redirect) redirects.push(redirect);
      else words.push(this.parseWord());
    }
    if (words.length === 0 && redirects.length === 0) throw this.unexpected();
    return { type: 'simple', words, redirects };
  }

  private parseRedirects(redirects: Redirect[]): Redirect[] {
    for (;;) {
      this.skipBlanks();
      const redirect = this.tryRedirect();
      if (!redirect) return redirects;
      redirects.push(redirect);
    }
  }

  private tryRedirect(): Redirect | undefined {
    const match = /^(\d?)(>>|>&|<|>)/.exec(this.source.slice(this.position));
    if (!match) return undefined;
    const [all, digit = '', op = '>'] = match;
    this.position += all.length;
    this.skipBlanks();
    if (this.position >= this.source.length || OPERATOR_START.has(this.peek())) throw this.unexpected();
    const fd = digit === '' ? (op === '<' ? 0 : 1) : Number(digit);
    return { fd, op: op as Redirect['op'], target: this.parseWord() };
  }

  private parseWord(): Word {
    const parts: Word = [];
    const text = (value: string, quoted: boolean) => parts.push({ type: 'text', text: value, quoted });
    while (this.position < this.source.length) {
      const char = this.peek();
      if (char === ' ' || char === '\t' || OPERATOR_START.has(char)) break;
      if (char === '\\') {
        if (this.peek(1) !== '\n') text(this.peek(1), true);
        this.position += 2;
      } else if (char === "'") {
        const end = this.source.indexOf("'", this.position + 1);
        if (end === -1) throw new ShellSyntaxError('Syntax error: Unterminated quoted string');
        text(this.source.slice(this.position + 1, end), true);
        this.position = end + 1;
      } else if (char === '"') {
        this.position += 1;
        this.parseDoubleQuoted(parts);
      } else if (char === '$' || char === '`') {
        parts.push(this.parseExpansion(false));
      } else {
        text(char, false);
        this.position += 1;
      }
    }
    return parts;
  }

  private parseDoubleQuoted(parts: Word): void {
    for (;;) {
      const char = this.peek();
      if (char === '') throw new ShellSyntaxError('Syntax error: Unterminated quoted string');
      if (char === '"') {
        this.position += 1;
        parts.push({ type: 'text', text: '', quoted: true });
        return;
      }
      if (char === '\\' && '$`"\\\n'.includes(this.peek(1)) && this.peek(1) !== '') {
        if (this.peek(1) !== '\n') parts.push({ type: 'text', text: this.peek(1), quoted: true });
        this.position += 2;
      } else if (char === '$' || char === '`') {
        parts.push(this.parseExpansion(true));
      } else {
        parts.push({ type: 'text', text: char, quoted: true });
        this.position += 1;
      }
    }
  }

  private parseExpansion(quoted: boolean): WordPart {
    if (this.peek() === '`') {
      let source = '';
      let i = this.position + 1;
      for (; i < this.source.length && this.source[i] !== '`'; i += 1) {
        if (this.source[i] === '\\' && '$`\\'.includes(this.source[i + 1] ?? 'x')) i += 1;
        source += this.source[i];
      }
      if (i >= this.source.length) throw new ShellSyntaxError('Syntax error: EOF in backquote substitution');
      this.position = i + 1;
      return { type: 'command', source, quoted };
    }
    const next = this.peek(1);
    if (next === '(') {
      if (this.peek(2) === '(') throw new ShellSyntaxError('Syntax error: arithmetic expansion is not supported here');
      const start = this.position + 2;
      this.position = start;
      const inner = new Parser(this.source);
      inner.position = start;
      inner.parseList();
      if (inner.peek() !== ')') throw new ShellSyntaxError('Syntax error: end of file unexpected (expecting ")")');
      this.position = inner.position + 1;
      return { type: 'command', source: this.source.slice(start, inner.position), quoted };
    }
    if (next === '{') {
      const end = this.source.indexOf('}', this.position + 2);
      const name = end === -1 ? '' : this.source.slice(this.position + 2, end);
      if (!NAME.test(name) || NAME.exec(name)?.[0] !== name) {
        if (!/^[?$#0-9]$/.test(name)) throw new ShellSyntaxError('Bad substitution');
      }
      this.position = end + 1;
      return { type: 'param', name, quoted };
    }
    const name = NAME.exec(this.source.slice(this.position + 1))?.[0] ?? (/^[?$#0-9]$/.test(next) ? next : '');
    this.position += 1 + name.length;
    return name === '' ? { type: 'text', text: '$', quoted } : { type: 'param', name, quoted };
  }
}

/** Parses a script; throws ShellSyntaxError with dash's wording on bad syntax. */
export function parseScript(source: string): List {
  return new Parser(source).parseScript();
}
