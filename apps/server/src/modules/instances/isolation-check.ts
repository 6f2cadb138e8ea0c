import { execFile } from 'node:child_process';

/** Whether the host drops what instances open (docs/operations.md "Challenge instances"). */
export type IsolationStatus = 'ok' | 'missing' | 'unknown';

/**
 * Looks for the host rule that isolates instances: `iptables -t mangle -C PREROUTING -s <pool> -m conntrack --ctstate NEW
 * -j DROP` (docs/operations.md "Challenge instances"). `missing` when iptables answers that there is no such rule;
 * `unknown` when it cannot be asked (not installed, not allowed: a server in a container without the host's rules).
 */
export function checkIsolationRule(pool: string, iptables = 'iptables'): Promise<IsolationStatus> {
  const args = ['-t', 'mangle', '-C', 'PREROUTING', '-s', pool, '-m', 'conntrack', '--ctstate', 'NEW', '-j', 'DROP'];
  return new Promise((resolve) => {
    execFile(iptables, args, { timeout: 10_000 }, (error, _stdout, stderr) => {
      if (!error) return resolve('ok');
      // iptables -C exits 1 with "does a matching rule exist" (or "Bad rule") when the rule is absent.
      const code = typeof error.code === 'number' ? error.code : null;
      resolve(code === 1 && /matching rule|bad rule|no chain/i.test(String(stderr)) ? 'missing' : 'unknown');
    });
  });
}
