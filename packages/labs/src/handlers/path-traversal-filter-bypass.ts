import { createLabHandler, readInput, type LabResult } from '../lab-handler.js';

/**
 * Path Traversal Filter Bypass (Medium): view.php strips `../` once, then decodes the name again before reading it. The
 * request is read as PHP reads it ($_GET decodes the query once), the filter is str_replace (one left-to-right pass),
 * urldecode() runs after it, and the path is walked as the kernel walks it: every directory on the way must exist, `..`
 * goes up (and stays at / at the root), `.` and empty segments stay. A NUL byte is refused as PHP 8 refuses it.
 */

const BASE_DIR = '/srv/files/';
const FLAG_PATH = '/etc/flag';

export const VIEW_PHP = `<?php
// view.php: shows a file from the shared folder.
$name = str_replace('../', '', $_GET['file'] ?? 'welcome.txt');  // no way out of the folder
// names with spaces or accents arrive encoded
readfile('${BASE_DIR}' . urldecode($name));
`;

const FILES: ReadonlyMap<string, string> = new Map([
  ['/srv/files/welcome.txt', 'Welcome to the shared folder.\nFiles: welcome.txt, changelog.txt, team%20notes.txt\n'],
  ['/srv/files/changelog.txt', '1.2: names with spaces work (urldecode)\n1.1: security: strip ../ from names\n'],
  ['/srv/files/team notes.txt', 'Reminder: the deploy key is not in this folder. Nothing secret here.\n'],
  ['/etc/passwd', 'root:x:0:0:root:/root:/bin/bash\nwww-data:x:33:33:www-data:/var/www:/usr/sbin/nologin\n'],
  ['/etc/hostname', 'files\n'],
  ['/var/www/html/view.php', VIEW_PHP],
]);

const DIRECTORIES = new Set(['/', '/srv', '/srv/files', '/etc', '/var', '/var/www', '/var/www/html', '/root']);

/** PHP's urldecode(): %XX (any case) to a byte, + to a space, a malformed % left as it is. Bytes read as latin1. */
export function phpUrlDecode(text: string): string {
  return text.replace(/\+/g, ' ').replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** $_GET['file'] from the query string: pairs split on &, keys and values decoded once; the last one wins. */
function readQueryFile(query: string): string | undefined {
  let value: string | undefined;
  for (const pair of query.split('&')) {
    const cut = pair.indexOf('=');
    const key = phpUrlDecode(cut === -1 ? pair : pair.slice(0, cut));
    if (key === 'file') value = cut === -1 ? '' : phpUrlDecode(pair.slice(cut + 1));
  }
  return value;
}

/** str_replace('../', '', $s): one pass, left to right, what the removal joins together is not looked at again. */
export function stripOnce(text: string): string {
  return text.split('../').join('');
}

type Lookup = { kind: 'file'; path: string; content: string } | { kind: 'error'; path: string; reason: string };

/** open(2) of an absolute path over the fake tree. */
function openPath(path: string): Lookup {
  const parts = path.split('/');
  const last = parts.pop() ?? '';
  let current = '/';
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') current = current === '/' ? '/' : current.slice(0, current.lastIndexOf('/')) || '/';
    else {
      const next = current === '/' ? `/${part}` : `${current}/${part}`;
      if (!DIRECTORIES.has(next))
        return { kind: 'error', path, reason: FILES.has(next) ? 'Not a directory' : 'No such file or directory' };
      if (next === '/root') return { kind: 'error', path, reason: 'Permission denied' };
      current = next;
    }
  }
  if (last === '' || last === '.' || last === '..')
    return { kind: 'error', path, reason: 'read of 8192 bytes failed with errno=21 Is a directory' };
  const full = current === '/' ? `/${last}` : `${current}/${last}`;
  const content = FILES.get(full);
  if (content !== undefined) return { kind: 'file', path: full, content };
  if (full === FLAG_PATH) return { kind: 'file', path: full, content: '' };
  return {
    kind: 'error',
    path,
    reason: DIRECTORIES.has(full) ? 'read of 8192 bytes failed with errno=21 Is a directory' : 'No such file or directory',
  };
}

/** GET /view.php?<query>. */
function viewFile(rawUrl: string, flag: string): LabResult {
  const url = rawUrl.trim();
  const query = url.includes('?') ? (url.slice(url.indexOf('?') + 1).split('#')[0] ?? '') : '';
  const param = url.includes('?') ? readQueryFile(query) : undefined;
  const name = stripOnce(param ?? 'welcome.txt');
  const target = BASE_DIR + phpUrlDecode(name);
  if (target.includes('\0')) {
    return {
      ok: false,
      code: 'php-error',
      output: {
        text: 'PHP Fatal error:  Uncaught ValueError: readfile(): Argument #1 ($filename) must not contain any null bytes in /var/www/html/view.php:5',
      },
    };
  }
  const found = openPath(target);
  if (found.kind === 'error') {
    const reason = found.reason.startsWith('read of') ? found.reason : `Failed to open stream: ${found.reason}`;
    return {
      ok: false,
      code: 'php-error',
      output: { text: `PHP Warning:  readfile(${target}): ${reason} in /var/www/html/view.php on line 5` },
    };
  }
  if (found.path === FLAG_PATH) return { ok: true, code: 'flag-read', output: { text: `${flag}\n`, path: found.path, flag } };
  return { ok: false, code: 'file', output: { text: found.content, path: found.path } };
}

export const pathTraversalFilterBypassLab = createLabHandler('path-traversal-filter-bypass', {
  view: (input, { flag }) => viewFile(readInput(input, 'url'), flag),
});
