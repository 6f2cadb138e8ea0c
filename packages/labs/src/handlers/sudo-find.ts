import { HOME, type Out } from './sudo-host.js';
import { listDirectory, resolvePath, type FsEntry } from './shell-fs.js';

/** What `find` sees of the session that runs it: the files, the user's right to read, and `-exec`. */
export interface FindContext {
  fs: ReadonlyMap<string, FsEntry>;
  canRead: (entry: FsEntry) => boolean;
  /** Runs a command with the user's rights; its exit status. */
  exec: (argv: string[]) => number;
  out: Out;
  err: Out;
}

/**
 * find(1) as the Sudo Misconfiguration lab needs it (GTFOBins' `find . -exec /bin/sh \; -quit`): paths, `-maxdepth`,
 * `-name`/`-iname`, `-type`, `-print`, `-quit`, `-exec`/`-ok`.
 */
export function runFind(args: string[], context: FindContext): number {
  const { fs, out, err } = context;
  let split = args.findIndex((arg) => arg.startsWith('-') || arg === '(' || arg === '!');
  if (split === -1) split = args.length;
  const roots = split === 0 ? ['.'] : args.slice(0, split);
  const expression = args.slice(split);
  let maxDepth = Infinity;
  type Test = (path: string, entry: FsEntry) => boolean;
  const tests: Test[] = [];
  let hasAction = false;
  let quit = false;
  for (let i = 0; i < expression.length; i += 1) {
    const token = expression[i] ?? '';
    const value = () => {
      i += 1;
      const next = expression[i];
      if (next === undefined) throw new FindError(`find: missing argument to \`${token}'`);
      return next;
    };
    try {
      if (token === '-maxdepth') maxDepth = Number(value());
      else if (token === '-name' || token === '-iname') {
        const pattern = globToRegExp(value(), token === '-iname');
        tests.push((path) => pattern.test(path.slice(path.lastIndexOf('/') + 1)));
      } else if (token === '-type') {
        const kind = value() === 'd' ? 'dir' : 'file';
        tests.push((_path, entry) => entry.kind === kind);
      } else if (token === '-print') {
        hasAction = true;
        tests.push((path) => {
          out.text += `${path}\n`;
          return true;
        });
      } else if (token === '-quit') {
        hasAction = true;
        tests.push(() => {
          quit = true;
          return true;
        });
      } else if (token === '-exec' || token === '-ok') {
        hasAction = true;
        const end = expression.findIndex((t, j) => j > i && (t === ';' || t === '+'));
        if (end === -1) throw new FindError(`find: missing argument to \`${token}'`);
        const template = expression.slice(i + 1, end);
        i = end;
        tests.push((path) => context.exec(template.map((t) => t.replaceAll('{}', path))) === 0);
      } else throw new FindError(`find: unknown predicate \`${token}'`);
    } catch (error) {
      if (!(error instanceof FindError)) throw error;
      err.text += `${error.message}\n`;
      return 1;
    }
  }
  if (!hasAction) tests.push((path) => ((out.text += `${path}\n`), true));
  let status = 0;
  const visit = (shown: string, path: string, depth: number) => {
    if (quit) return;
    const entry = fs.get(path);
    if (!entry) {
      err.text += `find: ‘${shown}’: No such file or directory\n`;
      status = 1;
      return;
    }
    tests.every((test) => test(shown, entry));
    if (entry.kind !== 'dir' || depth >= maxDepth || quit) return;
    if (!context.canRead(entry)) {
      err.text += `find: ‘${shown}’: Permission denied\n`;
      status = 1;
      return;
    }
    for (const name of listDirectory(fs, path))
      visit(
        shown.endsWith('/') ? `${shown}${name}` : `${shown}/${name}`,
        path === '/' ? `/${name}` : `${path}/${name}`,
        depth + 1,
      );
  };
  for (const root of roots) visit(root, resolvePath(root, HOME), 0);
  return status;
}

class FindError extends Error {}

function globToRegExp(glob: string, ignoreCase: boolean): RegExp {
  const source = [...glob].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))).join('');
  return new RegExp(`^${source}$`, ignoreCase ? 'is' : 's');
}
