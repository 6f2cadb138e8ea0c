import { describe, expect, it } from 'vitest';

import { expectFlag, expectNoFlag, runLab } from '../lab-test-helpers.js';

import { commandInjectionLab } from './command-injection.js';

describe('command-injection lab', () => {
  it.each(['127.0.0.1; cat flag.txt', '8.8.8.8 && cat flag.txt', 'localhost | cat /var/www/html/flag.txt'])(
    'reads the flag with %j',
    (host) => {
      const result = runLab(commandInjectionLab, 'ping', { host });
      expect(result.code).toBe('flag-read');
      expect(result.output.stdout).toContain(result.output.flag);
      expectFlag(result);
    },
  );

  it('lists the working directory, flag.txt included, with ls', () => {
    const result = runLab(commandInjectionLab, 'ping', { host: '127.0.0.1; ls -la' });
    expect(result.code).toBe('command-output');
    expect(result.output.stdout).toContain('flag.txt');
    expectNoFlag(result);
  });

  it('answers www-data to whoami', () => {
    const result = runLab(commandInjectionLab, 'ping', { host: '127.0.0.1 && whoami' });
    expect(result).toMatchObject({ code: 'command-output', output: { stdout: 'www-data' } });
    expectNoFlag(result);
  });

  it.each(['127.0.0.1; id', '127.0.0.1 | cat /etc/passwd', '; uname -a'])('has no output for %j', (host) => {
    const result = runLab(commandInjectionLab, 'ping', { host });
    expect(result.code).toBe('no-output');
    expectNoFlag(result);
  });

  it.each(['127.0.0.1', 'example.com', 'cat flag', ''])('only pings %j, which has no shell operator', (host) => {
    const result = runLab(commandInjectionLab, 'ping', { host });
    expect(result.code).toBe('reachable');
    expect(result.output.command).toBe(`ping -c 1 ${host}`);
    expectNoFlag(result);
  });

  it('answers unknown-action to anything else', () => {
    expect(runLab(commandInjectionLab, 'exec', { host: '; cat flag' }).code).toBe('unknown-action');
  });
});
