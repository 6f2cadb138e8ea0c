import { createCipheriv, createHmac, pbkdf2Sync } from 'node:crypto';

/**
 * The cryptography of WPA2-Personal (IEEE 802.11i) that the Wi-Fi capture needs: the key hierarchy from a passphrase,
 * the EAPOL-Key frames of the 4-way handshake with their MICs, the group key wrap, and CCMP encryption of data frames.
 */

/** IEEE 802.11i PRF-512 (HMAC-SHA1 in counter mode), as used to expand the PMK into the PTK. */
export function prf512(key: Buffer, label: string, data: Buffer): Buffer {
  const blocks: Buffer[] = [];
  for (let i = 0; blocks.length * 20 < 64; i += 1) {
    blocks.push(
      createHmac('sha1', key)
        .update(Buffer.concat([Buffer.from(label, 'ascii'), Buffer.from([0]), data, Buffer.from([i])]))
        .digest(),
    );
  }
  return Buffer.concat(blocks).subarray(0, 64);
}

export interface WpaKeys {
  pmk: Buffer;
  kck: Buffer;
  kek: Buffer;
  tk: Buffer;
}

export function deriveWpaKeys(
  passphrase: string,
  ssid: string,
  ap: Buffer,
  sta: Buffer,
  aNonce: Buffer,
  sNonce: Buffer,
): WpaKeys {
  const pmk = pbkdf2Sync(passphrase, ssid, 4096, 32, 'sha1');
  const [macLow, macHigh] = Buffer.compare(ap, sta) < 0 ? [ap, sta] : [sta, ap];
  const [nonceLow, nonceHigh] = Buffer.compare(aNonce, sNonce) < 0 ? [aNonce, sNonce] : [sNonce, aNonce];
  const ptk = prf512(pmk, 'Pairwise key expansion', Buffer.concat([macLow, macHigh, nonceLow, nonceHigh]));
  return { pmk, kck: ptk.subarray(0, 16), kek: ptk.subarray(16, 32), tk: ptk.subarray(32, 48) };
}

export interface EapolKey {
  keyInfo: number;
  keyLength: number;
  replayCounter: bigint;
  nonce: Buffer;
  keyData: Buffer;
}

/** An EAPOL-Key frame (802.1X version 2, RSN descriptor), its MIC (HMAC-SHA1-128 under the KCK) computed when asked. */
export function buildEapolKey(key: EapolKey, kck: Buffer | null): Buffer {
  const body = Buffer.alloc(95 + key.keyData.length);
  body[0] = 2; // RSN key descriptor
  body.writeUInt16BE(key.keyInfo, 1);
  body.writeUInt16BE(key.keyLength, 3);
  body.writeBigUInt64BE(key.replayCounter, 5);
  key.nonce.copy(body, 13);
  body.writeUInt16BE(key.keyData.length, 93);
  key.keyData.copy(body, 95);
  const frame = Buffer.concat([Buffer.from([2, 3, body.length >> 8, body.length & 0xff]), body]);
  if (kck)
    createHmac('sha1', kck)
      .update(frame)
      .digest()
      .subarray(0, 16)
      .copy(frame, 4 + 77);
  return frame;
}

/** RFC 3394 AES key wrap, as message 3 carries the group key. */
export function wrapKey(kek: Buffer, data: Buffer): Buffer {
  const cipher = createCipheriv('id-aes128-wrap', kek, Buffer.from('a6a6a6a6a6a6a6a6', 'hex'));
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** CCMP (AES-CCM, 8-byte MIC) of one data frame: the header is authenticated, the body encrypted. */
export function protectFrame(header: Buffer, body: Buffer, tk: Buffer, pn: number): Buffer {
  const protectedHeader = Buffer.from(header);
  protectedHeader[1] = (protectedHeader[1] ?? 0) | 0x40;
  const pnBytes = Buffer.alloc(6);
  pnBytes.writeUIntBE(pn, 0, 6);
  const ccmpHeader = Buffer.from([
    pnBytes[5] ?? 0,
    pnBytes[4] ?? 0,
    0,
    0x20,
    pnBytes[3] ?? 0,
    pnBytes[2] ?? 0,
    pnBytes[1] ?? 0,
    pnBytes[0] ?? 0,
  ]);
  const aad = Buffer.concat([
    Buffer.from([(protectedHeader[0] ?? 0) & 0x8f, ((protectedHeader[1] ?? 0) & 0xc7) | 0x40]),
    protectedHeader.subarray(4, 22),
    Buffer.from([(protectedHeader[22] ?? 0) & 0x0f, 0]),
  ]);
  const nonce = Buffer.concat([Buffer.from([0]), protectedHeader.subarray(10, 16), pnBytes]);
  const cipher = createCipheriv('aes-128-ccm', tk, nonce, { authTagLength: 8 });
  cipher.setAAD(aad, { plaintextLength: body.length });
  const encrypted = Buffer.concat([cipher.update(body), cipher.final()]);
  return Buffer.concat([protectedHeader, ccmpHeader, encrypted, cipher.getAuthTag()]);
}
