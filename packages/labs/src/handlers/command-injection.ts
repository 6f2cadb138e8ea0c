import { createLabHandler, readInput, type LabResult } from '../lab-handler.js';

import { createFileSystem } from './shell-fs.js';
import { runShell } from './shell-run.js';

/** ping.php's blocklist (readable in the lab's ping.php): no ; & |, no space, no "cat", no "flag", whatever the case. */
const BLOCKLIST = /[;&| ]|cat|flag/i;

function buildCommand(host: string): string {
  return `ping -c 1 ${host} 2>&1`;
}

const PLAIN_HOST = /^[A-Za-z0-9.-]+$/;

/**
 * The Hard level (docs/decisions/011-real-labs.md): the page filters its input, then hands `ping -c 1 <host> 2>&1` to
 * a shell (shell-run.ts, dash's grammar over a fake file system) and shows what shell_exec captured, standard output
 * only. Success is the flag in that output, however it got there; `; cat flag` is now stopped by the filter.
 */
function runPing(host: string, flag: string): LabResult {
  if (BLOCKLIST.test(host)) return { ok: false, code: 'blocked', output: {} };
  const command = buildCommand(host);
  const { stdout, status } = runShell(command, createFileSystem(flag));
  if (stdout.includes(flag)) return { ok: true, code: 'flag-read', output: { command, stdout, flag } };
  if (PLAIN_HOST.test(host) && status === 0) return { ok: false, code: 'reachable', output: { command, stdout } };
  if (stdout === '') return { ok: false, code: 'no-output', output: { command } };
  return { ok: false, code: 'command-output', output: { command, stdout } };
}

export const commandInjectionLab = createLabHandler('command-injection', {
  ping: (input, { flag }) => runPing(readInput(input, 'host'), flag),
});
