import { createLabHandler, readInput, type LabResult } from '../lab-handler.js';

import { commandsOf } from './shell-words.js';

const PLAYER_ENVIRONMENT = [
  'SHELL=/bin/bash',
  'USER=player',
  'LOGNAME=player',
  'HOME=/home/player',
  'PWD=/home/player',
  'PATH=/usr/local/bin:/usr/bin:/bin',
  'LANG=C.UTF-8',
  'TERM=xterm-256color',
  'MAIL=/var/mail/player',
  'SSH_CONNECTION=10.0.8.23 51234 10.0.8.5 22',
].join('\n');

const CRONTAB = [
  '# /etc/crontab: system-wide crontab',
  'SHELL=/bin/sh',
  'PATH=/usr/local/sbin:/usr/local/bin:/sbin:/bin:/usr/sbin:/usr/bin',
  '',
  '# m  h  dom mon dow  user  command',
  '17  *  *   *   *    root  cd / && run-parts --report /etc/cron.hourly',
  '*   *  *   *   *    root  /opt/scripts/cleanup.sh',
  '25  6  *   *   *    root  test -x /usr/sbin/anacron || run-parts --report /etc/cron.daily',
].join('\n');

const SCRIPT = [
  '$ ls -la /opt/scripts/cleanup.sh /root/.backup_credentials',
  '-rwxrwxrwx 1 root root 236 Mar  2 17:50 /opt/scripts/cleanup.sh',
  'ls: cannot access /root/.backup_credentials: Permission denied',
  '$ cat /opt/scripts/cleanup.sh',
  '#!/bin/sh',
  '# Purge old temporary files, then push the archive to the backup server.',
  '. /root/.backup_credentials    # exports BACKUP_TOKEN',
  'find /tmp -type f -mtime +1 -delete',
  'tar czf /var/backups/www.tgz /var/www',
  'curl -s -H "Authorization: Bearer $BACKUP_TOKEN" -T /var/backups/www.tgz https://backup.internal/upload',
].join('\n');

/** The environment of the cron job once cleanup.sh has sourced its credentials. */
function jobVariables(flag: string): Map<string, string> {
  return new Map([
    ['HOME', '/root'],
    ['LOGNAME', 'root'],
    ['PATH', '/usr/local/sbin:/usr/local/bin:/sbin:/bin:/usr/sbin:/usr/bin'],
    ['SHELL', '/bin/sh'],
    ['PWD', '/root'],
    ['BACKUP_TOKEN', flag],
  ]);
}

const FILES: Readonly<Record<string, (flag: string) => string>> = {
  '/root/.backup_credentials': (flag) => `export BACKUP_TOKEN=${flag}`,
  '/opt/scripts/cleanup.sh': () => SCRIPT.split('\n').slice(4).join('\n'),
};

/** One command of the job, as root with the job's variables: what it prints, given what the pipe feeds it. */
function runJobCommand([program = '', ...args]: string[], vars: ReadonlyMap<string, string>, input: string): string {
  const environment = [...vars].map(([name, value]) => `${name}=${value}`).join('\n');
  switch (program) {
    case 'env':
      return environment;
    case 'printenv':
      return args.length === 0 ? environment : args.flatMap((name) => vars.get(name) ?? []).join('\n');
    case 'set':
      return args.length === 0 ? [...vars].map(([name, value]) => `${name}='${value}'`).join('\n') : '';
    case 'export':
      return args[0] === '-p' ? [...vars].map(([name, value]) => `export ${name}='${value}'`).join('\n') : '';
    case 'echo':
      return args.join(' ');
    case 'cat':
      return args.length === 0 ? input : args.flatMap((path) => FILES[path]?.(vars.get('BACKUP_TOKEN') ?? '') ?? []).join('\n');
    case 'grep':
      return input
        .split('\n')
        .filter((line) => line.includes(args.at(-1) ?? ''))
        .join('\n');
    case 'whoami':
      return 'root';
    case 'id':
      return 'uid=0(root) gid=0(root) groups=0(root)';
    default:
      // A program the box does not simulate (tee, base64, curl…): the pipe's text goes through unchanged.
      return input;
  }
}

/**
 * What the next run prints for the line the player appended to the world-writable cleanup.sh: the line read as sh
 * reads it (quotes, `$VAR` from the job's environment, pipes, `;` and `&&`), each command answering as on the box.
 * A redirection does not hide the output: the page shows what the line wrote.
 */
function runHijackedJob(commandLine: string, flag: string): LabResult {
  const command = commandLine.trim();
  if (command === '') return { ok: false, code: 'empty-command', output: {} };
  const vars = jobVariables(flag);
  const pipelines = commandsOf(command, vars) ?? [];
  const stdout = pipelines
    .map((pipeline) => pipeline.reduce((input, words) => runJobCommand(words, vars, input), ''))
    .filter((text) => text !== '')
    .join('\n');
  if (stdout === '') return { ok: false, code: 'no-output', output: { command } };
  return stdout.includes(flag)
    ? { ok: true, code: 'job-output', output: { command, stdout, flag } }
    : { ok: false, code: 'job-output', output: { command, stdout } };
}

export const cronjobHijackingLab = createLabHandler('cronjob-hijacking', {
  env: () => ({ ok: false, code: 'env', output: { env: PLAYER_ENVIRONMENT, crontab: CRONTAB, script: SCRIPT } }),
  hijack: (input, { flag }) => runHijackedJob(readInput(input, 'command'), flag),
});
