import { spawnSync } from 'node:child_process';

/**
 * One build step of `npm start`, as one line with its time (docs/operations.md "Logs"): `Building the server… done in
 * 4.2 s`. The tool's own output (a line per chunk) is kept and shown only when the step fails, after
 * `… failed after N s:`. Returns whether the step succeeded, and its exit status.
 */
export function buildStep(label, command, args, options) {
  const { cwd, write = (text) => process.stdout.write(text), writeError = (text) => process.stderr.write(text) } = options;
  write(`Building ${label}…`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    write(` failed after ${seconds} s:\n`);
    write(result.stdout ?? '');
    writeError(result.stderr ?? result.error?.message ?? '');
    return { ok: false, status: result.status ?? 1 };
  }
  write(` done in ${seconds} s\n`);
  return { ok: true, status: 0 };
}
