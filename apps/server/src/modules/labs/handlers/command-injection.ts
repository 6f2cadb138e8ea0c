import { createLabHandler, readInput, type LabResult } from '../lab-handler.js';

/** docs/product.md#in-page-labs: any of these shell operators makes the input an injection. */
const INJECTION_OPERATORS = ['&&', ';', '|'] as const;

export function isInjection(host: string): boolean {
  return INJECTION_OPERATORS.some((operator) => host.includes(operator));
}

const WORKING_DIRECTORY_LISTING = [
  'total 24',
  'drwxr-xr-x 2 www-data www-data 4096 Mar  2 17:20 .',
  'drwxr-xr-x 3 root     root     4096 Mar  1 08:00 ..',
  '-r--r----- 1 root     www-data   41 Mar  2 17:20 flag.txt',
  '-rw-r--r-- 1 www-data www-data 1893 Mar  2 17:18 index.php',
  '-rw-r--r-- 1 www-data www-data  612 Mar  2 17:18 ping.php',
  '-rw-r--r-- 1 www-data www-data  954 Mar  2 17:18 style.css',
].join('\n');

/** Runs the simulated `ping -c 1 <host>`; the canned answers follow docs/product.md#in-page-labs. */
function runPing(host: string, flag: string): LabResult {
  const command = `ping -c 1 ${host}`;
  if (!isInjection(host)) return { ok: false, code: 'reachable', output: { command } };
  if (host.includes('cat') && host.includes('flag')) {
    return { ok: true, code: 'flag-read', output: { command, stdout: flag, flag } };
  }
  if (host.includes('ls')) return { ok: false, code: 'command-output', output: { command, stdout: WORKING_DIRECTORY_LISTING } };
  if (host.includes('whoami')) return { ok: false, code: 'command-output', output: { command, stdout: 'www-data' } };
  return { ok: false, code: 'no-output', output: { command } };
}

export const commandInjectionLab = createLabHandler('command-injection', {
  ping: (input, { flag }) => runPing(readInput(input, 'host'), flag),
});
