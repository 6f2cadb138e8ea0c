import { canRead, listDirectory, resolvePath, USER, type FsEntry } from './shell-fs.js';

/** The few programs of the lab's web server, with the output and messages of their Debian versions. */

interface CommandIo {
  args: string[];
  stdin: string;
  fs: Map<string, FsEntry>;
  cwd: string;
}

interface CommandResult {
  stdout: string;
  stderr: string;
  status: number;
}

type Program = (io: CommandIo) => CommandResult;

const ok = (stdout: string): CommandResult => ({ stdout, stderr: '', status: 0 });

/** Reads each file operand (or stdin when there is none, or for `-`), as cat and its cousins do. */
function readInputs(name: string, io: CommandIo, operands: string[]): { text: string; stderr: string; status: number } {
  if (operands.length === 0) return { text: io.stdin, stderr: '', status: 0 };
  let text = '';
  let stderr = '';
  for (const operand of operands) {
    if (operand === '-') {
      text += io.stdin;
      continue;
    }
    const entry = io.fs.get(resolvePath(operand, io.cwd));
    if (!entry) stderr += `${name}: ${operand}: No such file or directory\n`;
    else if (entry.kind === 'dir') stderr += `${name}: ${operand}: Is a directory\n`;
    else if (!canRead(entry)) stderr += `${name}: ${operand}: Permission denied\n`;
    else text += entry.content;
  }
  return { text, stderr, status: stderr === '' ? 0 : 1 };
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

const joinLines = (lines: string[]): string => lines.map((line) => `${line}\n`).join('');

/** `-n 5`, `-n5`, `-5`: the line count of head and tail. */
function lineCountProgram(name: 'head' | 'tail'): Program {
  return (io) => {
    let count = 10;
    const operands: string[] = [];
    for (let i = 0; i < io.args.length; i += 1) {
      const arg = io.args[i] ?? '';
      const match = /^-(?:n)?(\d+)$/.exec(arg) ?? (arg === '-n' ? /^(\d+)$/.exec(io.args[(i += 1)] ?? '') : null);
      if (match) count = Number(match[1]);
      else if (arg.startsWith('-') && arg !== '-')
        return { stdout: '', stderr: `${name}: invalid option -- '${arg.slice(1, 2)}'\n`, status: 1 };
      else operands.push(arg);
    }
    const { text, stderr, status } = readInputs(name, io, operands);
    const lines = splitLines(text);
    const kept = name === 'head' ? lines.slice(0, count) : lines.slice(Math.max(0, lines.length - count));
    return { stdout: joinLines(kept), stderr, status };
  };
}

function textProgram(name: string, transform: (text: string) => string): Program {
  return (io) => {
    const { text, stderr, status } = readInputs(
      name,
      io,
      io.args.filter((arg) => !arg.startsWith('-') || arg === '-'),
    );
    return { stdout: transform(text), stderr, status };
  };
}

function formatLong(name: string, entry: FsEntry): string {
  const type = entry.kind === 'dir' ? 'd' : '-';
  const bits = ['r', 'w', 'x'];
  const mode = Array.from({ length: 9 }, (_, i) => ((entry.mode >> (8 - i)) & 1 ? bits[i % 3] : '-')).join('');
  const size = entry.kind === 'dir' ? 4096 : Buffer.byteLength(entry.content);
  return `${type}${mode} 1 ${entry.owner.padEnd(8)} ${entry.group.padEnd(8)} ${String(size).padStart(5)} ${entry.modifiedAt} ${name}`;
}

const ls: Program = (io) => {
  const flags = io.args.filter((arg) => arg.startsWith('-') && arg !== '-').join('');
  const isLong = flags.includes('l');
  const showAll = flags.includes('a');
  const operands = io.args.filter((arg) => !arg.startsWith('-') || arg === '-');
  let stdout = '';
  let stderr = '';
  for (const operand of operands.length > 0 ? operands : ['.']) {
    const path = resolvePath(operand, io.cwd);
    const entry = io.fs.get(path);
    if (!entry) {
      stderr += `ls: cannot access '${operand}': No such file or directory\n`;
      continue;
    }
    if (entry.kind === 'file') {
      stdout += `${isLong ? formatLong(operand, entry) : operand}\n`;
      continue;
    }
    if (!canRead(entry)) {
      stderr += `ls: cannot open directory '${operand}': Permission denied\n`;
      continue;
    }
    const names = [
      ...(showAll ? ['.', '..'] : []),
      ...listDirectory(io.fs, path).filter((name) => showAll || !name.startsWith('.')),
    ];
    if (operands.length > 1) stdout += `${operand}:\n`;
    if (isLong) stdout += `total ${names.length * 4}\n`;
    for (const name of names) {
      const child = io.fs.get(name === '.' ? path : name === '..' ? resolvePath('..', path) : resolvePath(name, path));
      stdout += `${isLong && child ? formatLong(name, child) : name}\n`;
    }
  }
  return { stdout, stderr, status: stderr === '' ? 0 : 2 };
};

/** dash's echo: -n, and backslash escapes always on. */
const echo: Program = ({ args }) => {
  const hasNewline = args[0] !== '-n';
  const text = (hasNewline ? args : args.slice(1)).join(' ');
  const cut = text.indexOf('\\c');
  const body = (cut === -1 ? text : text.slice(0, cut)).replace(/\\([nt\\])/g, (_m, c: string) =>
    c === 'n' ? '\n' : c === 't' ? '\t' : '\\',
  );
  return ok(`${body}${hasNewline && cut === -1 ? '\n' : ''}`);
};

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const KNOWN_HOSTS: Readonly<Record<string, string>> = { localhost: '127.0.0.1', diag: '127.0.1.1' };

/** iputils ping: the last operand is the destination; the container reaches only itself. */
const ping: Program = ({ args }) => {
  const operands: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (/^-[cWiwst]$/.test(arg)) i += 1;
    else if (!arg.startsWith('-')) operands.push(arg);
  }
  const host = operands.at(-1);
  if (host === undefined) return { stdout: '', stderr: 'ping: usage error: Destination address required\n', status: 1 };
  const address = KNOWN_HOSTS[host] ?? (IPV4.test(host) && host.split('.').every((n) => Number(n) < 256) ? host : undefined);
  if (!address) return { stdout: '', stderr: `ping: ${host}: Name or service not known\n`, status: 2 };
  const header = `PING ${host} (${address}) 56(84) bytes of data.\n`;
  if (!address.startsWith('127.')) {
    return {
      stdout: `${header}\n--- ${host} ping statistics ---\n1 packets transmitted, 0 received, 100% packet loss, time 0ms\n\n`,
      stderr: '',
      status: 1,
    };
  }
  return ok(
    `${header}64 bytes from ${address}: icmp_seq=1 ttl=64 time=0.045 ms\n\n--- ${host} ping statistics ---\n` +
      '1 packets transmitted, 1 received, 0% packet loss, time 0ms\nrtt min/avg/max/mdev = 0.045/0.045/0.045/0.000 ms\n',
  );
};

export const PROGRAMS: ReadonlyMap<string, Program> = new Map<string, Program>([
  ['ping', ping],
  ['cat', textProgram('cat', (text) => text)],
  ['more', textProgram('more', (text) => text)],
  ['tac', textProgram('tac', (text) => joinLines(splitLines(text).reverse()))],
  ['rev', textProgram('rev', (text) => joinLines(splitLines(text).map((line) => [...line].reverse().join(''))))],
  ['nl', textProgram('nl', (text) => joinLines(splitLines(text).map((line, i) => `${String(i + 1).padStart(6)}\t${line}`)))],
  ['sort', textProgram('sort', (text) => joinLines(splitLines(text).sort()))],
  ['head', lineCountProgram('head')],
  ['tail', lineCountProgram('tail')],
  ['ls', ls],
  ['echo', echo],
  ['whoami', () => ok(`${USER}\n`)],
  ['id', () => ok('uid=33(www-data) gid=33(www-data) groups=33(www-data)\n')],
  ['pwd', ({ cwd }) => ok(`${cwd}\n`)],
  ['hostname', () => ok('diag\n')],
  [
    'uname',
    ({ args }) =>
      ok(
        args.includes('-a')
          ? 'Linux diag 6.1.0-18-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01) x86_64 GNU/Linux\n'
          : 'Linux\n',
      ),
  ],
  ['true', () => ok('')],
  [':', () => ok('')],
  ['false', () => ({ stdout: '', stderr: '', status: 1 })],
]);
