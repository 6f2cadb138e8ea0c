import { expect } from 'vitest';

import type { LabRequest } from '@drapeau/shared';

import type { LabHandler, LabResult } from './lab-handler.js';
import { XOR_KEY, xorToHex } from './handlers/xor-encryption.js';

/** A flag shaped like the derived ones; tests only. */
export const TEST_FLAG = 'CTF{l4b_t3st_f1ag_9c2e41}';

export function runLab(handler: LabHandler, action: string, input: LabRequest['input'] = {}): LabResult {
  return handler.handle({ action, input }, { flag: TEST_FLAG });
}

/** The flag in every form a lab could hand it out: plain, base64, hex, XOR-hex. */
function encodeFlag(flag: string): string[] {
  const utf8 = Buffer.from(flag, 'utf8');
  return [flag, utf8.toString('base64'), utf8.toString('base64url'), utf8.toString('hex'), xorToHex(flag, XOR_KEY)];
}

/** A failing or informational outcome must not reveal the flag, in any encoding, in its body or headers. */
export function expectNoFlag(result: LabResult): void {
  const serialized = JSON.stringify(result);
  for (const form of encodeFlag(TEST_FLAG)) expect(serialized).not.toContain(form);
  expect(serialized).not.toContain(JSON.stringify({ user: 'admin', role: 'admin', flag: TEST_FLAG }));
  expect(result.ok).toBe(false);
}

/** A successful outcome hands the flag to the page in `output.flag`. */
export function expectFlag(result: LabResult): void {
  expect(result.ok).toBe(true);
  expect(result.output.flag).toBe(TEST_FLAG);
}
