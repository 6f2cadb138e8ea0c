import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import yazl from 'yazl';

import type { TestClient } from './build-test-app.js';

/** Ten challenges as CTFd users write them (test/fixtures/ctfcli/README.md). */
export const CTFCLI_FIXTURE_DIR = fileURLToPath(new URL('./fixtures/ctfcli', import.meta.url));

/** A zip of named entries; `symlinks` are added as symbolic links (mode 0120777). */
export function zipOf(files: Record<string, string | Buffer>, symlinks: Record<string, string> = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(Buffer.from(data), name, { mtime: new Date(0) });
  for (const [name, target] of Object.entries(symlinks))
    zip.addBuffer(Buffer.from(target), name, { mtime: new Date(0), mode: 0o120777 });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * The zip with the uncompressed sizes its central directory declares replaced (a lying or a bomb-like header; the data
 * is left as it is).
 */
export function declareSizes(zip: Buffer, sizes: Record<string, number>): Buffer {
  const out = Buffer.from(zip);
  for (let at = out.indexOf('PK\x01\x02'); at !== -1; at = out.indexOf('PK\x01\x02', at + 4)) {
    const name = out.toString('utf8', at + 46, at + 46 + out.readUInt16LE(at + 28));
    const size = sizes[name];
    if (size !== undefined) out.writeUInt32LE(size, at + 24);
  }
  return out;
}

/** Every file of a folder, by '/'-separated relative path. */
export async function filesOf(root: string): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  const walk = async (dir: string): Promise<void> => {
    for (const name of (await readdir(dir)).sort()) {
      const full = path.join(dir, name);
      if ((await stat(full)).isDirectory()) await walk(full);
      else files[path.relative(root, full).split(path.sep).join('/')] = await readFile(full);
    }
  };
  await walk(root);
  return files;
}

export const fixtureZip = async (): Promise<Buffer> => zipOf(await filesOf(CTFCLI_FIXTURE_DIR));

/** The admin import route, as the admin panel calls it; `createCategories` creates the categories the archive names. */
export const importZip = (client: TestClient, data: Buffer, createCategories = false) =>
  client.request({
    method: 'POST',
    url: `/api/admin/challenges/import${createCategories ? '?createCategories=true' : ''}`,
    payload: data,
    headers: { 'content-type': 'application/zip', origin: 'http://localhost:3000' },
  });
