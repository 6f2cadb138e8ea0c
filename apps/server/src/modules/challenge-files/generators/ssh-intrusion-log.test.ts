import { describe, expect, it } from 'vitest';

import { expectNoPlainFlagBytes, expectStringsFindNoFlag } from '../test-support/no-shortcut.js';
import { hasTool, OTHER_FLAG, runTool, SAMPLE_FLAG, SAMPLE_SEED, withTempFiles } from '../test-support/run-tool.js';

import { generateSshIntrusionLog } from './ssh-intrusion-log.js';

const file = generateSshIntrusionLog({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED });
const log = file.data.toString('utf8');
const lines = log.trimEnd().split('\n');

/** What a player types: who got in with a password, what they ran with sudo, then base64 -d and xxd -r -p. */
const INTENDED = [
  "grep 'Accepted password' auth.log > accepted.txt",
  'test "$(wc -l < accepted.txt)" = 1',
  "user=$(awk '{print $9}' accepted.txt); ip=$(awk '{print $11}' accepted.txt)",
  'grep -c "Failed password .* from $ip " auth.log >&2',
  'grep "sudo: $user : " auth.log | grep -o \'echo [A-Za-z0-9+/=]* | base64\' | cut -d" " -f2 > payload.b64',
  'base64 -d payload.b64 > payload.hex',
  'xxd -r -p payload.hex > payload.sh',
  "grep -o 'CTF{[^}]*}' payload.sh",
].join('\n');

describe('generateSshIntrusionLog', () => {
  it('is deterministic and depends on the flag and the seed', () => {
    expect(generateSshIntrusionLog({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(true);
    expect(generateSshIntrusionLog({ flag: OTHER_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(false);
    expect(file).toMatchObject({ fileName: 'auth.log', contentType: 'text/plain; charset=utf-8' });
  });

  it('reads as a Debian auth.log in time order: scans, key logins, cron, then one password brute-forced', () => {
    expect(
      lines.every((line) => /^[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d web01 (sshd|sudo|CRON|systemd-logind)[[\]\d]*: /.test(line)),
    ).toBe(true);
    const times = lines.map((line) => line.slice(4, 15));
    expect(times).toEqual([...times].sort());
    expect(lines.filter((line) => line.includes('Failed password')).length).toBeGreaterThan(250);
    expect(lines.filter((line) => line.includes('Accepted publickey for jmartin from 10.0.4.23'))).toHaveLength(4);
    const accepted = lines.filter((line) => line.includes('Accepted password'));
    expect(accepted).toHaveLength(1);
    const ip = /from (\S+) port/.exec(accepted[0] ?? '')?.[1] ?? '';
    const before = lines.slice(0, lines.indexOf(accepted[0] ?? ''));
    expect(
      before.filter((line) => line.includes(`Failed password`) && line.includes(`from ${ip} `)).length,
    ).toBeGreaterThanOrEqual(120);
  });

  it('encodes the payload twice, so one decoding is not enough', () => {
    const encoded = /echo ([A-Za-z0-9+/=]+) \| base64 -d \| xxd -r -p \| sh/.exec(log)?.[1] ?? '';
    const once = Buffer.from(encoded, 'base64').toString('latin1');
    expect(once).toMatch(/^[0-9a-f]+$/);
    expect(once).not.toContain('CTF{');
    const twice = Buffer.from(once, 'hex').toString('utf8');
    expect(twice).toContain(`AAAAC3NzaC1lZDI1NTE5AAAAI`);
    expect(twice).toMatch(new RegExp(` ${SAMPLE_FLAG.replace(/[{}]/g, '\\$&')}' >> /root/.ssh/authorized_keys\n`));
  });

  it('keeps no plain copy of any flag', () => {
    expectNoPlainFlagBytes(generateSshIntrusionLog, 12);
  });

  it.skipIf(!hasTool('strings'))('gives nothing to strings -a | grep CTF, nor to strings -el', () => {
    expectStringsFindNoFlag('auth.log', file.data);
  });

  it.skipIf(!hasTool('xxd') || !hasTool('base64'))(
    'gives the flag to the intended method: grep the password login, its sudo command, base64 -d then xxd -r -p',
    () => {
      for (const [flag, seed] of [
        [SAMPLE_FLAG, SAMPLE_SEED],
        [OTHER_FLAG, Buffer.alloc(32, 3)],
      ] as const) {
        const { data } = generateSshIntrusionLog({ flag, seed });
        const result = withTempFiles({ 'auth.log': data }, (dir) => runTool('bash', ['-euc', INTENDED], { cwd: dir }));
        expect(result.stdout).toBe(`${flag}\n`);
        expect(Number(result.stderr.trim())).toBeGreaterThanOrEqual(120);
      }
    },
  );
});
