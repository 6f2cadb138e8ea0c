import os from 'node:os';

import { describe, expect, it } from 'vitest';

import { buildStep } from '../../../scripts/build-step.mjs';

/**
 * docs/operations.md "Logs": `npm start` prints each build step as one line with its time, and the tool's own output
 * (a line per chunk of the web bundle) only when the step fails. The steps here are node commands standing in for
 * `npm run build -w …`, one that prints 230 lines as Vite does, one that fails.
 */
function run(script: string) {
  const out: string[] = [];
  const err: string[] = [];
  const result = buildStep('the web app', process.execPath, ['-e', script], {
    cwd: os.tmpdir(),
    write: (text) => out.push(text),
    writeError: (text) => err.push(text),
  });
  return { result, out: out.join(''), err: err.join('') };
}

describe('npm start’s build steps', () => {
  it('print one line with the step’s time, and none of the tool’s output, when the step succeeds', () => {
    const { result, out, err } = run("for (let i = 0; i < 230; i++) console.log('dist/assets/chunk-' + i + '.js  1.2 kB')");
    expect(result).toEqual({ ok: true, status: 0 });
    expect(out).toMatch(/^Building the web app… done in \d+\.\d s\n$/);
    expect(err).toBe('');
  });

  it('show the tool’s output and errors, after the time it failed at, when the step fails', () => {
    const { result, out, err } = run(
      "console.log('transforming…'); console.error('error TS2304: Cannot find name'); process.exit(3)",
    );
    expect(result).toEqual({ ok: false, status: 3 });
    expect(out).toMatch(/^Building the web app… failed after \d+\.\d s:\ntransforming…\n$/);
    expect(err).toContain('error TS2304: Cannot find name');
  });
});
