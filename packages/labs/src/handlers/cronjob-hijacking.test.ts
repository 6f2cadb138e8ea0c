import { describe, expect, it } from 'vitest';

import { expectFlag, expectNoFlag, runLab } from '../lab-test-helpers.js';

import { cronjobHijackingLab } from './cronjob-hijacking.js';

describe('cronjob-hijacking lab', () => {
  it('dumps the player environment, the crontab and the writable script, without the flag', () => {
    const result = runLab(cronjobHijackingLab, 'env');
    expect(result.code).toBe('env');
    expect(result.output.env).toContain('USER=player');
    expect(result.output.crontab).toMatch(/root\s+\/opt\/scripts\/cleanup\.sh/);
    expect(result.output.script).toContain('-rwxrwxrwx 1 root root');
    expectNoFlag(result);
  });

  it.each(['env', 'printenv > /tmp/out', 'echo $BACKUP_TOKEN', 'cat /root/.backup_credentials', 'set'])(
    'reveals the job environment when the job runs %j',
    (command) => {
      const result = runLab(cronjobHijackingLab, 'hijack', { command });
      expect(result.code).toBe('job-output');
      expect(result.output.stdout).toContain(result.output.flag);
      expectFlag(result);
    },
  );

  it.each([
    ['echo set', 'set'],
    ['echo env', 'env'],
    ['echo $HOME', '/root'],
    ["echo '$BACKUP_TOKEN'", '$BACKUP_TOKEN'],
    ['echo "$HOME/x"', '/root/x'],
    ['whoami', 'root'],
  ])('prints what sh would for %j', (command, stdout) => {
    const result = runLab(cronjobHijackingLab, 'hijack', { command });
    expect(result).toMatchObject({ code: 'job-output', output: { stdout } });
    expectNoFlag(result);
  });

  it.each(['env | grep TOKEN', 'echo "$BACKUP_TOKEN"', 'printenv BACKUP_TOKEN', 'id; env'])(
    'reads the job environment through %j',
    (command) => expectFlag(runLab(cronjobHijackingLab, 'hijack', { command })),
  );

  it.each([
    ['whoami', 'job-output'],
    ['id', 'job-output'],
    ['touch /tmp/pwned', 'no-output'],
    ['cat /root/flag.txt', 'no-output'],
    ['', 'empty-command'],
  ])('runs %j without leaking the flag (%s)', (command, code) => {
    const result = runLab(cronjobHijackingLab, 'hijack', { command });
    expect(result.code).toBe(code);
    expectNoFlag(result);
  });

  it('answers unknown-action to anything else', () => {
    expect(runLab(cronjobHijackingLab, 'crontab').code).toBe('unknown-action');
  });
});
