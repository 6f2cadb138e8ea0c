import { createHmac } from 'node:crypto';

/** RFC 4648 base32, as in an `otpauth://` URI's secret. */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/**
 * A TOTP code (RFC 6238: HMAC-SHA1, 30 s steps, 6 digits) computed from the enrolment secret, as an authenticator app
 * does; written here from the RFC so that the tests do not trust the code under test. `stepOffset` picks a neighbour step.
 */
export function totpCode(base32Secret: string, at: Date = new Date(), stepOffset = 0): string {
  const step = Math.floor(at.getTime() / 30_000) + stepOffset;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(base32Secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}
