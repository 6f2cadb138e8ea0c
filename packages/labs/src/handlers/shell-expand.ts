import { listDirectory, resolvePath, type FsEntry } from './shell-fs.js';
import type { Word } from './shell-syntax.js';

/** Word expansion as dash does it: parameters and command substitution, field splitting on IFS, pathnames, quotes. */

export interface ExpandContext {
  vars: ReadonlyMap<string, string>;
  fs: ReadonlyMap<string, FsEntry>;
  cwd: string;
  /** Runs a command substitution's script and returns its standard output. */
  substitute(source: string): string;
}

interface Char {
  char: string;
  /** Unquoted, so * ? [ are pattern characters. */
  isPattern: boolean;
}

function expandPart(part: Word[number], context: ExpandContext): string {
  if (part.type === 'text') return part.text;
  if (part.type === 'param') return context.vars.get(part.name) ?? '';
  return context.substitute(part.source).replace(/\n+$/, '');
}

/** The fields of one word before pathname expansion. */
function splitFields(word: Word, context: ExpandContext): Char[][] {
  const ifs = context.vars.get('IFS') ?? ' \t\n';
  const fields: Char[][] = [];
  let current: Char[] = [];
  let hasField = false;
  const close = () => {
    if (hasField) fields.push(current);
    current = [];
    hasField = false;
  };
  for (const part of word) {
    const value = expandPart(part, context);
    if (part.quoted) {
      for (const char of value) current.push({ char, isPattern: false });
      hasField = true;
    } else if (part.type === 'text') {
      for (const char of value) current.push({ char, isPattern: true });
      hasField ||= value !== '';
    } else {
      for (const char of value) {
        if (ifs.includes(char)) close();
        else {
          current.push({ char, isPattern: true });
          hasField = true;
        }
      }
    }
  }
  close();
  return fields;
}

function toRegExp(chars: readonly Char[]): RegExp {
  let source = '';
  for (let i = 0; i < chars.length; i += 1) {
    const { char, isPattern } = chars[i] ?? { char: '', isPattern: false };
    if (isPattern && char === '*') source += '.*';
    else if (isPattern && char === '?') source += '.';
    else if (isPattern && char === '[') {
      const end = chars.findIndex((c, j) => j > i + 1 && c.char === ']');
      if (end === -1) source += '\\[';
      else {
        const body = chars
          .slice(i + 1, end)
          .map((c) => c.char)
          .join('');
        source += `[${body.startsWith('!') ? `^${body.slice(1)}` : body}]`.replace(/\\/g, '\\\\');
        i = end;
      }
    } else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's');
}

/** Pathname expansion of one field, directory by directory; no match leaves the pattern as it is. */
function expandPathname(field: readonly Char[], context: ExpandContext): string[] {
  const literal = field.map((c) => c.char).join('');
  if (!field.some((c) => c.isPattern && '*?['.includes(c.char))) return [literal];
  const components: Char[][] = [[]];
  for (const c of field) {
    if (c.char === '/') components.push([]);
    else components[components.length - 1]?.push(c);
  }
  const isAbsolute = literal.startsWith('/');
  let paths = [isAbsolute ? '' : '.'];
  for (const [index, component] of components.entries()) {
    if (isAbsolute && index === 0) continue;
    const name = component.map((c) => c.char).join('');
    const isPattern = component.some((c) => c.isPattern && '*?['.includes(c.char));
    const next: string[] = [];
    for (const base of paths) {
      if (!isPattern) {
        next.push(base === '.' ? name : `${base}/${name}`);
        continue;
      }
      const pattern = toRegExp(component);
      const directory = resolvePath(base === '' ? '/' : base, context.cwd);
      for (const entry of listDirectory(context.fs, directory)) {
        if (entry.startsWith('.') && !name.startsWith('.')) continue;
        if (pattern.test(entry)) next.push(base === '.' ? entry : `${base}/${entry}`);
      }
    }
    paths = next.filter((path) => index === components.length - 1 || context.fs.has(resolvePath(path, context.cwd)));
  }
  return paths.length > 0 ? paths.sort() : [literal];
}

export function expandWords(words: readonly Word[], context: ExpandContext): string[] {
  return words.flatMap((word) => splitFields(word, context).flatMap((field) => expandPathname(field, context)));
}

/** A redirection target or assignment value: expanded, quotes removed, but neither split nor globbed. */
export function expandWordToString(word: Word, context: ExpandContext): string {
  return word.map((part) => expandPart(part, context)).join('');
}
