import { createLabHandler } from '../lab-handler.js';

export const XOR_KEY = 'CTF';

/** XORs each byte of `text` with the key repeated over its length (UTF-8), as hex. */
export function xorToHex(text: string, key: string): string {
  const keyBytes = Buffer.from(key, 'utf8');
  const bytes = Buffer.from(text, 'utf8').map((byte, index) => byte ^ (keyBytes[index % keyBytes.length] ?? 0));
  return Buffer.from(bytes).toString('hex');
}

export const xorEncryptionLab = createLabHandler('xor-encryption', {
  ciphertext: (_input, { flag }) => ({
    ok: true,
    code: 'ciphertext',
    output: { ciphertext: xorToHex(flag, XOR_KEY), key: XOR_KEY },
  }),
});
