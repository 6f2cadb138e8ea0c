import { createHash } from 'node:crypto';

/**
 * A build context as the engine's build endpoint takes it: an uncompressed tar (ustar) of the image's folder, from the
 * files of an import (docs/challenge-authoring.md "A challenge with a service"). Entries are sorted and dated 0, so the
 * same folder gives the same bytes (and the same image tag).
 */
export function toTar(files: ReadonlyMap<string, Buffer>): Buffer {
  const blocks: Buffer[] = [];
  for (const name of [...files.keys()].sort()) {
    const data = files.get(name)!;
    const header = Buffer.alloc(512);
    let prefix = '';
    let base = name;
    if (Buffer.byteLength(name) > 100) {
      const cut = name.lastIndexOf('/', 155);
      if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`path too long for a build context: ${name}`);
      prefix = name.slice(0, cut);
      base = name.slice(cut + 1);
    }
    header.write(base, 0, 100, 'utf8');
    header.write('0000644\0', 100, 'ascii'); // mode
    header.write('0000000\0', 108, 'ascii'); // uid
    header.write('0000000\0', 116, 'ascii'); // gid
    header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
    header.write('00000000000\0', 136, 'ascii'); // mtime
    header.write('        ', 148, 'ascii'); // checksum, counted as spaces
    header.write('0', 156, 'ascii'); // a regular file
    header.write('ustar\0' + '00', 257, 'ascii');
    header.write(prefix, 345, 155, 'utf8');
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
    blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/** The files of a build context made by toTar (regular files only), by their path in it: an export writes them back. */
export function fromTar(tar: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) => header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    if (field(156, 1) === '0' || field(156, 1) === '') files.set(name, tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** The tag of an image built from a folder: the challenge's id and the context's content, so the same folder is built once. */
export const builtImageTag = (challengeId: string, tar: Buffer): string =>
  `localhost/drapeau-${challengeId}:${createHash('sha256').update(tar).digest('hex').slice(0, 12)}`;
