import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { checkIsolationRule } from './isolation-check.js';

// A stand-in for iptables that answers as iptables does, so that the check's reading of its answers is tested without
// root; scripts/test-instances.sh runs the real one.
const dir = mkdtempSync(path.join(tmpdir(), 'drapeau-iptables-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function fakeIptables(script: string): string {
  const file = path.join(dir, `iptables-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, `#!/bin/sh\n${script}\n`);
  chmodSync(file, 0o755);
  return file;
}

describe('the host rule that isolates instances', () => {
  it('is found when iptables says so, missing when it has no such rule, unknown when it cannot be asked', async () => {
    const seen = path.join(dir, 'args');
    expect(await checkIsolationRule('10.213.0.0/16', fakeIptables(`echo "$@" > ${seen}; exit 0`))).toBe('ok');
    expect(readFileSync(seen, 'utf8').trim()).toBe('-t mangle -C PREROUTING -s 10.213.0.0/16 -m conntrack --ctstate NEW -j DROP');
    expect(
      await checkIsolationRule(
        '10.213.0.0/16',
        fakeIptables('echo "iptables: Bad rule (does a matching rule exist in that chain?)." >&2; exit 1'),
      ),
    ).toBe('missing');
    expect(
      await checkIsolationRule(
        '10.213.0.0/16',
        fakeIptables(
          'echo "iptables v1.8.9 (nf_tables): Could not fetch rule set generation id: Permission denied (you must be root)" >&2; exit 4',
        ),
      ),
    ).toBe('unknown');
    expect(await checkIsolationRule('10.213.0.0/16', path.join(dir, 'no-such-iptables'))).toBe('unknown');
  });
});
