import { expandWords, expandWordToString, type ExpandContext } from './shell-expand.js';
import { PROGRAMS } from './shell-commands.js';
import { canRead, canWrite, HOME, resolvePath, USER, type FsEntry } from './shell-fs.js';
import { parseScript, ShellSyntaxError, type Command, type List, type Pipeline, type Redirect } from './shell-syntax.js';

/**
 * Runs a script as /bin/sh (dash) would, over the fake file system and programs: the lab's stand-in for shell_exec().
 * Nothing here touches the real machine. Bounded: at most MAX_COMMANDS commands, MAX_DEPTH nested substitutions,
 * MAX_OUTPUT characters kept.
 */

const MAX_COMMANDS = 64;
const MAX_DEPTH = 6;
const MAX_OUTPUT = 16_384;

interface Sink {
  text: string;
  isDiscarded?: boolean;
}

interface Io {
  stdin: string;
  fds: Record<number, Sink>;
}

class LimitReached extends Error {}

export interface ShellResult {
  /** What the caller captures (shell_exec: standard output only). */
  stdout: string;
  /** Standard error, which shell_exec does not capture (it goes to the web server's log). */
  stderr: string;
  status: number;
}

function write(sink: Sink | undefined, text: string): void {
  if (!sink || sink.isDiscarded || text === '') return;
  sink.text = (sink.text + text).slice(0, MAX_OUTPUT);
}

class Shell {
  private commands = 0;
  constructor(
    private readonly fs: Map<string, FsEntry>,
    private vars: Map<string, string>,
  ) {}

  runSource(source: string, io: Io, depth: number): number {
    let list: List;
    try {
      list = parseScript(source);
    } catch (error) {
      if (!(error instanceof ShellSyntaxError)) throw error;
      write(io.fds[2], `sh: 1: ${error.message}\n`);
      return 2;
    }
    return this.runList(list, io, depth);
  }

  private runList(list: List, io: Io, depth: number): number {
    let status = 0;
    for (const andOr of list) {
      status = this.runPipeline(andOr.first, io, depth);
      for (const { op, pipeline } of andOr.rest) {
        if ((op === '&&') === (status === 0)) status = this.runPipeline(pipeline, io, depth);
      }
    }
    return status;
  }

  private runPipeline(pipeline: Pipeline, io: Io, depth: number): number {
    let stdin = io.stdin;
    let status = 0;
    pipeline.commands.forEach((command, index) => {
      const isLast = index === pipeline.commands.length - 1;
      const out: Sink = isLast ? (io.fds[1] ?? { text: '' }) : { text: '' };
      status = this.runCommand(command, { stdin, fds: { ...io.fds, 1: out } }, depth);
      stdin = isLast ? '' : out.text;
    });
    return status;
  }

  private context(io: Io, depth: number): ExpandContext {
    return {
      vars: this.vars,
      fs: this.fs,
      cwd: HOME,
      substitute: (source) => {
        if (depth >= MAX_DEPTH) throw new LimitReached();
        const out: Sink = { text: '' };
        const saved = this.vars;
        this.vars = new Map(saved);
        try {
          this.runSource(source, { stdin: '', fds: { 1: out, 2: io.fds[2] ?? { text: '' } } }, depth + 1);
        } finally {
          this.vars = saved;
        }
        return out.text;
      },
    };
  }

  private applyRedirects(redirects: readonly Redirect[], io: Io, context: ExpandContext): Io | undefined {
    const fds = { ...io.fds };
    let { stdin } = io;
    for (const redirect of redirects) {
      const target = expandWordToString(redirect.target, context);
      if (redirect.op === '>&') {
        fds[redirect.fd] = fds[Number(target)] ?? { text: '', isDiscarded: true };
        continue;
      }
      const path = resolvePath(target, HOME);
      const entry = this.fs.get(path);
      if (redirect.op === '<') {
        if (!entry || entry.kind === 'dir' || !canRead(entry)) {
          write(io.fds[2], `sh: 1: cannot open ${target}: ${entry ? 'Permission denied' : 'No such file'}\n`);
          return undefined;
        }
        stdin = entry.content;
        continue;
      }
      if (path === '/dev/null') {
        fds[redirect.fd] = { text: '', isDiscarded: true };
        continue;
      }
      const parent = this.fs.get(resolvePath('..', path));
      if ((entry && (entry.kind === 'dir' || !canWrite(entry))) || (!entry && (!parent || !canWrite(parent)))) {
        write(io.fds[2], `sh: 1: cannot create ${target}: ${parent ? 'Permission denied' : 'Directory nonexistent'}\n`);
        return undefined;
      }
      const file: FsEntry = entry ?? {
        kind: 'file',
        mode: 0o644,
        owner: USER,
        group: USER,
        modifiedAt: 'Mar  2 17:21',
        content: '',
      };
      if (redirect.op === '>') file.content = '';
      this.fs.set(path, file);
      const sink: Sink = {
        get text() {
          return file.content;
        },
        set text(value: string) {
          file.content = value;
        },
      };
      fds[redirect.fd] = sink;
    }
    return { stdin, fds };
  }

  private runCommand(command: Command, io: Io, depth: number): number {
    this.commands += 1;
    if (this.commands > MAX_COMMANDS) throw new LimitReached();
    const context = this.context(io, depth);
    if (command.type === 'subshell') {
      const redirected = this.applyRedirects(command.redirects, io, context);
      if (!redirected) return 2;
      const saved = this.vars;
      this.vars = new Map(saved);
      try {
        return this.runList(command.body, redirected, depth);
      } finally {
        this.vars = saved;
      }
    }
    const words = [...command.words];
    const assignments: [string, string][] = [];
    while (words[0]) {
      const word = words[0];
      let prefix = '';
      let index = 0;
      while (word[index]?.type === 'text' && !word[index]?.quoted && !prefix.includes('=')) {
        prefix += (word[index] as { text: string }).text;
        index += 1;
      }
      const match = /^([A-Za-z_][A-Za-z0-9_]*)=$/.exec(prefix);
      if (!match?.[1]) break;
      assignments.push([match[1], expandWordToString(word.slice(index), context)]);
      words.shift();
    }
    const argv = expandWords(words, context);
    const redirected = this.applyRedirects(command.redirects, io, context);
    if (!redirected) return 2;
    const [name, ...args] = argv;
    if (name === undefined) {
      for (const [key, value] of assignments) this.vars.set(key, value);
      return 0;
    }
    const program = PROGRAMS.get(/^\/(usr\/)?bin\/[^/]+$/.test(name) ? (name.split('/').at(-1) ?? '') : name);
    if (!program) {
      write(redirected.fds[2], `sh: 1: ${name}: not found\n`);
      return 127;
    }
    const result = program({ args, stdin: redirected.stdin, fs: this.fs, cwd: HOME });
    write(redirected.fds[1], result.stdout);
    write(redirected.fds[2], result.stderr);
    return result.status;
  }
}

export function runShell(source: string, fs: Map<string, FsEntry>): ShellResult {
  const vars = new Map([
    ['IFS', ' \t\n'],
    ['PATH', '/usr/local/bin:/usr/bin:/bin'],
    ['HOME', '/var/www'],
    ['PWD', HOME],
    ['USER', USER],
  ]);
  const stdout: Sink = { text: '' };
  const stderr: Sink = { text: '' };
  let status: number;
  try {
    status = new Shell(fs, vars).runSource(source, { stdin: '', fds: { 1: stdout, 2: stderr } }, 0);
  } catch (error) {
    if (!(error instanceof LimitReached)) throw error;
    write(stderr, 'sh: resource limit reached\n');
    status = 2;
  }
  return { stdout: stdout.text, stderr: stderr.text, status };
}
