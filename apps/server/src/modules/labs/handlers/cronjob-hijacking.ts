import { createLabHandler, readInput, type LabResult } from '../lab-handler.js';

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
function buildJobEnvironment(flag: string): string {
  return [
    'HOME=/root',
    'LOGNAME=root',
    'PATH=/usr/local/sbin:/usr/local/bin:/sbin:/bin:/usr/sbin:/usr/bin',
    'SHELL=/bin/sh',
    'PWD=/root',
    `BACKUP_TOKEN=${flag}`,
  ].join('\n');
}

/** What the next run prints for the line the player appended to the world-writable cleanup.sh. */
function runHijackedJob(commandLine: string, flag: string): LabResult {
  const command = commandLine.trim();
  if (command === '') return { ok: false, code: 'empty-command', output: {} };
  if (/\b(env|printenv|set)\b|export\s+-p/.test(command)) {
    return { ok: true, code: 'job-output', output: { command, stdout: buildJobEnvironment(flag), flag } };
  }
  if (command.includes('BACKUP_TOKEN') || (command.includes('cat') && command.includes('.backup_credentials'))) {
    const stdout = command.includes('cat') ? `export BACKUP_TOKEN=${flag}` : flag;
    return { ok: true, code: 'job-output', output: { command, stdout, flag } };
  }
  if (/\bwhoami\b/.test(command)) return { ok: false, code: 'job-output', output: { command, stdout: 'root' } };
  if (/\bid\b/.test(command)) {
    return { ok: false, code: 'job-output', output: { command, stdout: 'uid=0(root) gid=0(root) groups=0(root)' } };
  }
  return { ok: false, code: 'no-output', output: { command } };
}

export const cronjobHijackingLab = createLabHandler('cronjob-hijacking', {
  env: () => ({ ok: false, code: 'env', output: { env: PLAYER_ENVIRONMENT, crontab: CRONTAB, script: SCRIPT } }),
  hijack: (input, { flag }) => runHijackedJob(readInput(input, 'command'), flag),
});
