import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Helpers to check generated files with the tools players use (Debian packages listed in
 * ../debian-packages.txt). A missing tool skips its tests locally but fails them in CI (CI=true).
 */

export function hasTool(command: string): boolean {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).status === 0;
  if (!found && process.env.CI)
    throw new Error(`${command} is missing: install apps/server/src/modules/challenge-files/debian-packages.txt`);
  return found;
}

export interface ToolResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runTool(command: string, args: readonly string[], options: { cwd?: string; input?: string } = {}): ToolResult {
  const result = spawnSync(command, args, { encoding: 'latin1', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Writes files into a fresh temporary directory, runs `use`, then removes the directory. */
export function withTempFiles<T>(files: Readonly<Record<string, Buffer | string>>, use: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'drapeau-challenge-files-'));
  try {
    for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, name), data);
    return use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const SAMPLE_FLAG = 'CTF{s4mple_fl4g_7e3a9c21}';
export const OTHER_FLAG = 'CTF{an0ther_fl4g_0b5d11f8}';
export const SAMPLE_SEED = Buffer.from('0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff', 'hex');
