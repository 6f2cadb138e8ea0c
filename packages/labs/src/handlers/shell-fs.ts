/** The small, in-memory file system the command-injection lab's shell sees, from the web server's account (www-data). */

export interface FsEntry {
  kind: 'file' | 'dir';
  mode: number;
  owner: string;
  group: string;
  modifiedAt: string;
  content: string;
}

export const USER = 'www-data';
export const HOME = '/var/www/html';

const PING_PHP = `<?php
// Network diagnostics: ping a host for the user.
$host = $_POST['host'] ?? '';

// Security: no command chaining, no spaces, and nobody reads the flag.
if (preg_match('/[;&| ]|cat|flag/i', $host)) {
    die('Invalid input detected!');
}

echo '<pre>' . shell_exec('ping -c 1 ' . $host . ' 2>&1') . '</pre>';
`;

const INDEX_PHP = `<?php require 'header.php'; ?>
<h1>Network diagnostics</h1>
<form method="post" action="ping.php">
  <input name="host" placeholder="127.0.0.1">
  <button>Ping</button>
</form>
`;

const PASSWD = `root:x:0:0:root:/root:/bin/bash
daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin
bin:x:2:2:bin:/bin:/usr/sbin/nologin
sys:x:3:3:sys:/dev:/usr/sbin/nologin
www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
`;

function file(content: string, mode = 0o644, owner = USER, group = USER, modifiedAt = 'Mar  2 17:18'): FsEntry {
  return { kind: 'file', mode, owner, group, modifiedAt, content };
}

function dir(mode = 0o755, owner = 'root', group = 'root', modifiedAt = 'Mar  1 08:00'): FsEntry {
  return { kind: 'dir', mode, owner, group, modifiedAt, content: '' };
}

/** A fresh file system for one request: writes (echo x > f) last only as long as the request. */
export function createFileSystem(flag: string): Map<string, FsEntry> {
  return new Map<string, FsEntry>([
    ['/', dir()],
    ['/etc', dir()],
    ['/etc/passwd', file(PASSWD, 0o644, 'root', 'root', 'Jan 12 09:41')],
    ['/etc/hostname', file('diag\n', 0o644, 'root', 'root', 'Jan 12 09:41')],
    ['/root', dir(0o700)],
    ['/tmp', dir(0o1777)],
    ['/var', dir()],
    ['/var/www', dir()],
    [HOME, dir(0o755, USER, USER, 'Mar  2 17:20')],
    [`${HOME}/flag.txt`, file(`${flag}\n`, 0o440, 'root', USER, 'Mar  2 17:20')],
    [`${HOME}/index.php`, file(INDEX_PHP)],
    [`${HOME}/ping.php`, file(PING_PHP)],
    [`${HOME}/style.css`, file('body { font-family: monospace; background: #111; color: #eee; }\n')],
  ]);
}

export function resolvePath(path: string, cwd = HOME): string {
  const segments: string[] = [];
  for (const segment of (path.startsWith('/') ? path : `${cwd}/${path}`).split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

export function canRead(entry: FsEntry): boolean {
  if (entry.owner === USER) return (entry.mode & 0o400) !== 0;
  if (entry.group === USER) return (entry.mode & 0o040) !== 0;
  return (entry.mode & 0o004) !== 0;
}

export function canWrite(entry: FsEntry): boolean {
  if (entry.owner === USER) return (entry.mode & 0o200) !== 0;
  if (entry.group === USER) return (entry.mode & 0o020) !== 0;
  return (entry.mode & 0o002) !== 0;
}

/** Names in a directory, sorted as ls sorts them in the C locale. */
export function listDirectory(fs: ReadonlyMap<string, FsEntry>, path: string): string[] {
  const prefix = path === '/' ? '/' : `${path}/`;
  return [...fs.keys()]
    .filter((key) => key !== path && key.startsWith(prefix) && !key.slice(prefix.length).includes('/'))
    .map((key) => key.slice(prefix.length))
    .sort();
}
