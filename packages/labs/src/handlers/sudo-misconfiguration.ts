import { createLabHandler, readInput, type LabResult } from '../lab-handler.js';

import { expandWords, type ExpandContext } from './shell-expand.js';
import { listDirectory, resolvePath, type FsEntry } from './shell-fs.js';
import { parseScript, ShellSyntaxError, type List } from './shell-syntax.js';
import { runFind } from './sudo-find.js';
import { canAccess, HOME, HOST, IDS, type Out, SECURE_PATH, SUDO_RULE, createSudoFileSystem, type User } from './sudo-host.js';

/**
 * Sudo Misconfiguration (Medium): player may run /usr/bin/find as root without a password. A terminal session is replayed
 * on the server from its lines (the page sends what was typed before): sh's grammar (shell-syntax.ts), then a few
 * programs over a fake file system with root's and player's rights. `find … -exec /bin/sh \;` as root starts a root shell
 * that reads the next lines, as GTFOBins describes. Nothing runs on the real machine.
 */

const MAX_LINES = 40;
const MAX_COMMANDS = 200;
const MAX_OUTPUT = 16_384;

class Spawn extends Error {
  constructor(readonly user: User) {
    super('spawn');
  }
}
class Limit extends Error {}

/** One terminal session: the shells started, innermost last. */
class Session {
  readonly shells: User[] = ['player'];
  private commands = 0;
  constructor(private readonly fs: Map<string, FsEntry>) {}

  get user(): User {
    return this.shells.at(-1) ?? 'player';
  }

  prompt(): string {
    return this.shells.length > 1 ? (this.user === 'root' ? '# ' : '$ ') : `player@${HOST}:~$ `;
  }

  /** One line typed at the innermost shell. */
  typeLine(line: string): string {
    const out: Out = { text: '' };
    try {
      this.runScript(line, this.user, '', out);
    } catch (error) {
      if (error instanceof Spawn) this.shells.push(error.user);
      else if (error instanceof Limit) out.text += 'sh: resource limit reached\n';
      else throw error;
    }
    return out.text.slice(0, MAX_OUTPUT);
  }

  private runScript(source: string, user: User, stdin: string, out: Out): number {
    let list: List;
    try {
      list = parseScript(source);
    } catch (error) {
      if (!(error instanceof ShellSyntaxError)) throw error;
      out.text += `sh: 1: ${error.message}\n`;
      return 2;
    }
    return this.runList(list, user, stdin, out);
  }

  private runList(list: List, user: User, stdin: string, out: Out): number {
    let status = 0;
    for (const andOr of list) {
      status = this.runPipeline(andOr.first, user, stdin, out);
      for (const { op, pipeline } of andOr.rest)
        if ((op === '&&') === (status === 0)) status = this.runPipeline(pipeline, user, stdin, out);
    }
    return status;
  }

  private runPipeline(pipeline: List[number]['first'], user: User, stdin: string, out: Out): number {
    let input = stdin;
    let status = 0;
    pipeline.commands.forEach((command, index) => {
      const isLast = index === pipeline.commands.length - 1;
      const sink: Out = isLast ? out : { text: '' };
      if (command.type === 'subshell') status = this.runList(command.body, user, input, sink);
      else {
        const context: ExpandContext = {
          vars: new Map([
            ['IFS', ' \t\n'],
            ['HOME', user === 'root' ? '/root' : HOME],
            ['USER', user],
            ['PATH', '/usr/local/bin:/usr/bin:/bin'],
          ]),
          fs: this.fs,
          cwd: HOME,
          substitute: (source) => {
            const captured: Out = { text: '' };
            this.runScript(source, user, '', captured);
            return captured.text;
          },
        };
        const argv = expandWords(command.words, context);
        const discardErrors = command.redirects.some(
          (r) => r.fd === 2 && r.target.some((p) => p.type === 'text' && p.text === '/dev/null'),
        );
        const errors: Out = discardErrors ? { text: '' } : sink;
        status = this.exec(argv, user, input, sink, errors);
      }
      input = isLast ? '' : sink.text;
    });
    return status;
  }

  /** Runs argv as `user`; output and errors both reach the terminal. */
  exec(argv: string[], user: User, stdin: string, out: Out, err: Out): number {
    this.commands += 1;
    if (this.commands > MAX_COMMANDS) throw new Limit();
    const [name, ...args] = argv;
    if (name === undefined) return 0;
    const base = name.includes('/') ? name.slice(name.lastIndexOf('/') + 1) : name;
    if (name.includes('/') && !this.fs.has(resolvePath(name, HOME))) {
      err.text += `sh: 1: ${name}: not found\n`;
      return 127;
    }
    switch (base) {
      case 'sudo':
        return this.sudo(args, user, stdin, out, err);
      case 'find':
        return this.find(args, user, stdin, out, err);
      case 'sh':
      case 'bash': {
        const script = args.indexOf('-c');
        if (script !== -1) return this.runScript(args[script + 1] ?? '', user, stdin, out);
        throw new Spawn(user);
      }
      case 'exit':
        if (this.shells.length > 1) this.shells.pop();
        else out.text += 'logout (the session starts again)\n';
        return 0;
      case 'id':
        out.text += `${IDS[user]}\n`;
        return 0;
      case 'whoami':
        out.text += `${user}\n`;
        return 0;
      case 'hostname':
        out.text += `${HOST}\n`;
        return 0;
      case 'pwd':
        out.text += `${HOME}\n`;
        return 0;
      case 'echo':
        out.text += `${args.join(' ')}\n`;
        return 0;
      case 'cat':
      case 'head':
      case 'tail':
        return this.cat(base, args, user, stdin, out, err);
      case 'ls':
        return this.ls(args, user, out, err);
      default:
        err.text += `sh: 1: ${name}: not found\n`;
        return 127;
    }
  }

  private cat(name: string, args: string[], user: User, stdin: string, out: Out, err: Out): number {
    const operands = args.filter((arg) => !arg.startsWith('-'));
    if (operands.length === 0) {
      out.text += stdin;
      return 0;
    }
    let status = 0;
    for (const operand of operands) {
      const path = resolvePath(operand, HOME);
      const entry = this.fs.get(path);
      const parent = this.fs.get(resolvePath('..', path));
      const reason = !entry
        ? parent && !canAccess(parent, user, 1)
          ? 'Permission denied'
          : 'No such file or directory'
        : entry.kind === 'dir'
          ? 'Is a directory'
          : !canAccess(entry, user, 4) || (parent && !canAccess(parent, user, 1))
            ? 'Permission denied'
            : undefined;
      if (reason) {
        err.text += `${name}: ${name === 'cat' ? '' : "cannot open '"}${operand}${name === 'cat' ? '' : "' for reading"}: ${reason}\n`;
        status = 1;
      } else out.text += entry?.content ?? '';
    }
    return status;
  }

  private ls(args: string[], user: User, out: Out, err: Out): number {
    const operands = args.filter((arg) => !arg.startsWith('-'));
    let status = 0;
    for (const operand of operands.length > 0 ? operands : ['.']) {
      const path = resolvePath(operand, HOME);
      const entry = this.fs.get(path);
      if (!entry) {
        err.text += `ls: cannot access '${operand}': No such file or directory\n`;
        status = 2;
      } else if (entry.kind === 'file') out.text += `${operand}\n`;
      else if (!canAccess(entry, user, 4)) {
        err.text += `ls: cannot open directory '${operand}': Permission denied\n`;
        status = 2;
      } else
        out.text += listDirectory(this.fs, path)
          .map((name) => `${name}\n`)
          .join('');
    }
    return status;
  }

  private sudo(args: string[], user: User, stdin: string, out: Out, err: Out): number {
    let index = 0;
    let list = false;
    let shell = false;
    let runAs: string = 'root';
    for (; index < args.length; index += 1) {
      const arg = args[index] ?? '';
      if (arg === '--') {
        index += 1;
        break;
      }
      if (!arg.startsWith('-')) break;
      if (arg === '-l' || arg === '--list') list = true;
      else if (arg === '-s' || arg === '-i') shell = true;
      else if (arg === '-u') runAs = args[(index += 1)] ?? '';
      else if (arg === '-n' || arg === '-k') continue;
      else {
        err.text += `sudo: invalid option -- '${arg.replace(/^-+/, '').slice(0, 1)}'\nusage: sudo -l | sudo [-u user] command\n`;
        return 1;
      }
    }
    if (user === 'root') return this.exec(args.slice(index), 'root', stdin, out, err);
    if (list) {
      out.text +=
        `Matching Defaults entries for player on ${HOST}:\n    env_reset, mail_badpass,\n` +
        '    secure_path=/usr/local/sbin\\:/usr/local/bin\\:/usr/sbin\\:/usr/bin\\:/sbin\\:/bin, use_pty\n\n' +
        `User player may run the following commands on ${HOST}:\n    ${SUDO_RULE}\n`;
      return 0;
    }
    const command = shell ? ['/bin/bash', ...args.slice(index)] : args.slice(index);
    const [name, ...rest] = command;
    if (name === undefined) {
      err.text += 'usage: sudo -h | -K | -k | -V\nusage: sudo -l [-u user] [command]\nusage: sudo [-u user] command [arg ...]\n';
      return 1;
    }
    const resolved = name.includes('/')
      ? resolvePath(name, HOME)
      : SECURE_PATH.map((dir) => `${dir}/${name}`).find((path) => this.fs.has(path));
    if (!resolved || !this.fs.has(resolved)) {
      err.text += `sudo: ${name}: command not found\n`;
      return 1;
    }
    // Only find is NOPASSWD; anything else asks for player's password, which nobody here knows.
    if (resolved !== '/usr/bin/find' || runAs !== 'root') {
      err.text += `[sudo] password for player: \nsudo: a password is required\n`;
      return 1;
    }
    return this.exec([resolved, ...rest], 'root', stdin, out, err);
  }

  private find(args: string[], user: User, stdin: string, out: Out, err: Out): number {
    return runFind(args, {
      fs: this.fs,
      canRead: (entry) => canAccess(entry, user, 4),
      exec: (argv) => this.exec(argv, user, stdin, out, err),
      out,
      err,
    });
  }
}

/** Replays the session's earlier lines, then types `line`; answers what that line printed. */
function runSession(history: string, line: string, flag: string): LabResult {
  const session = new Session(createSudoFileSystem(flag));
  const earlier = history === '' ? [] : history.split('\n').slice(-MAX_LINES);
  for (const previous of earlier) session.typeLine(previous);
  const text = session.typeLine(line);
  const output = { text, prompt: session.prompt(), user: session.user };
  if (text.includes(flag)) return { ok: true, code: 'flag-read', output: { ...output, flag } };
  return { ok: false, code: 'output', output };
}

export const sudoMisconfigurationLab = createLabHandler('sudo-misconfiguration', {
  run: (input, { flag }) => runSession(readInput(input, 'history'), readInput(input, 'command'), flag),
});
