import type { FsEntry } from './shell-fs.js';

/** The machine of the Sudo Misconfiguration lab (sudo-misconfiguration.ts): its users, rights and files. */

export const HOST = 'srv01';
export const HOME = '/home/player';
export const SUDO_RULE = '(root) NOPASSWD: /usr/bin/find';
export const SECURE_PATH = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

export type User = 'player' | 'root';

function file(content: string, mode: number, owner = 'root', group = owner): FsEntry {
  return { kind: 'file', mode, owner, group, modifiedAt: 'Mar  4 10:12', content };
}
function dir(mode = 0o755, owner = 'root'): FsEntry {
  return { kind: 'dir', mode, owner, group: owner, modifiedAt: 'Mar  4 10:00', content: '' };
}

const PROGRAM_NAMES = ['find', 'cat', 'ls', 'id', 'whoami', 'echo', 'sh', 'bash', 'sudo', 'hostname', 'pwd', 'head', 'tail'];

export function createSudoFileSystem(flag: string): Map<string, FsEntry> {
  const fs = new Map<string, FsEntry>([
    ['/', dir()],
    ['/bin', dir()],
    ['/etc', dir()],
    ['/etc/passwd', file('root:x:0:0:root:/root:/bin/bash\nplayer:x:1001:1001::/home/player:/bin/bash\n', 0o644)],
    [
      '/etc/shadow',
      file('root:$y$j9T$Pq0…:19786:0:99999:7:::\nplayer:$y$j9T$Xw3…:19786:0:99999:7:::\n', 0o640, 'root', 'shadow'),
    ],
    ['/etc/sudoers', file(`Defaults\tenv_reset\nroot\tALL=(ALL:ALL) ALL\nplayer\tALL=${SUDO_RULE}\n`, 0o440)],
    ['/home', dir()],
    [HOME, dir(0o750, 'player')],
    [
      `${HOME}/notes.txt`,
      file('Backups: the nightly job needs find as root, so I gave player sudo on it. -- admin\n', 0o644, 'player'),
    ],
    ['/root', dir(0o700)],
    ['/root/flag.txt', file(`${flag}\n`, 0o400)],
    ['/tmp', dir(0o1777)],
    ['/usr', dir()],
    ['/usr/bin', dir()],
  ]);
  for (const name of PROGRAM_NAMES) fs.set(`/usr/bin/${name}`, file('\u007fELF', 0o755));
  for (const name of ['sh', 'bash', 'cat', 'ls', 'echo']) fs.set(`/bin/${name}`, file('\u007fELF', 0o755));
  return fs;
}

export function canAccess(entry: FsEntry, user: User, bit: 4 | 2 | 1): boolean {
  if (user === 'root') return true;
  if (entry.owner === user) return ((entry.mode >> 6) & bit) !== 0;
  if (entry.group === user) return ((entry.mode >> 3) & bit) !== 0;
  return (entry.mode & bit) !== 0;
}

export const IDS: Record<User, string> = {
  player: 'uid=1001(player) gid=1001(player) groups=1001(player)',
  root: 'uid=0(root) gid=0(root) groups=0(root)',
};

export interface Out {
  text: string;
}
