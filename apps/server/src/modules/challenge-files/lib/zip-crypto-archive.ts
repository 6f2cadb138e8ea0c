import { deflateRawSync } from 'node:zlib';

import { computeCrc32, updateCrc32Byte } from './crc32.js';

/**
 * ZIP archive writer with traditional PKWARE encryption ("ZipCrypto", APPNOTE.TXT 6.1): every
 * entry is deflated (or stored when that is smaller), then encrypted behind a 12-byte header whose
 * last byte is the high byte of the CRC-32, the check byte unzip, 7-Zip and fcrackzip test.
 */

export interface ZipEntryInput {
  name: string;
  content: Buffer;
  modifiedAt: Date;
  /** 11 random bytes for the encryption header (from the seed stream, for determinism). */
  headerRandom: Buffer;
}

function createZipCipher(password: string): (plain: number) => number {
  let key0 = 0x12345678;
  let key1 = 0x23456789;
  let key2 = 0x34567890;
  const updateKeys = (byte: number): void => {
    key0 = updateCrc32Byte(key0, byte);
    key1 = (Math.imul((key1 + (key0 & 0xff)) >>> 0, 134775813) + 1) >>> 0;
    key2 = updateCrc32Byte(key2, key1 >>> 24);
  };
  for (const byte of Buffer.from(password, 'utf8')) updateKeys(byte);
  return (plain) => {
    const temp = (key2 | 2) & 0xffff;
    const cipher = plain ^ ((Math.imul(temp, temp ^ 1) >>> 8) & 0xff);
    updateKeys(plain);
    return cipher;
  };
}

function encodeDosDateTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    date: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

export function buildEncryptedZip(entries: readonly ZipEntryInput[], password: string): Buffer {
  const localParts: Buffer[] = [];
  const centralParts: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = computeCrc32(entry.content);
    const deflated = deflateRawSync(entry.content, { level: 9 });
    const isDeflated = deflated.length < entry.content.length;
    const body = isDeflated ? deflated : entry.content;
    const encrypt = createZipCipher(password);
    const plainHeader = Buffer.concat([entry.headerRandom.subarray(0, 11), Buffer.from([crc >>> 24])]);
    const encrypted = Buffer.from([...plainHeader, ...body].map((byte) => encrypt(byte)));
    const { time, date } = encodeDosDateTime(entry.modifiedAt);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate, encryption)
    local.writeUInt16LE(0x0001, 6); // encrypted
    local.writeUInt16LE(isDeflated ? 8 : 0, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(encrypted.length, 18);
    local.writeUInt32LE(entry.content.length, 22);
    local.writeUInt16LE(name.length, 26);
    localParts.push(local, name, encrypted);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x031e, 4); // made by: Unix, spec 3.0
    local.copy(central, 6, 4, 30); // version needed .. name length are the same fields
    central.writeUInt16LE(1, 36); // internal attributes: text
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // -rw-r--r--
    central.writeUInt32LE(offset, 42);
    centralParts.push(central, name);
    offset += local.length + name.length + encrypted.length;
  }
  const centralDirectory = Buffer.concat(centralParts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...localParts, centralDirectory, end]);
}
