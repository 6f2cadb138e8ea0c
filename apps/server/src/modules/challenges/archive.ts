import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import type yauzl from 'yauzl';

import { IMPORT_LIMITS, type ImportProblem } from '@drapeau/shared';

/** The files of an import, by path relative to its root ('/'-separated), read into memory within the bounds. */
export type ArchiveFiles = Map<string, Buffer>;
/** The bounds of one import (IMPORT_LIMITS; smaller in tests). */
export type ImportLimits = Record<'maxArchiveBytes' | 'maxFiles' | 'maxTotalBytes' | 'maxFileBytes', number>;

export class ArchiveError extends Error {
  constructor(readonly problem: ImportProblem) {
    super(problem.message);
  }
}
const problem = (code: ImportProblem['code'], file: string, message: string) =>
  new ArchiveError({ code, file, line: null, field: null, message });

/** A safe relative path: no absolute path, no `..`, no backslash, no empty part. */
export function isSafeRelativePath(name: string): boolean {
  if (name.includes('\\') || name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\0')) return false;
  const parts = name.split('/').filter((p) => p !== '');
  return parts.length > 0 && parts.every((p) => p !== '..' && p !== '.');
}

/**
 * Reads a zip in memory, checking each entry before inflating it: a path leaving the root ("zip slip"), a symlink,
 * too many entries, an entry or a total too large are refused (yauzl also checks that the inflated size is the
 * declared one, so a lying header cannot get past the bounds).
 */
export async function readZip(data: Buffer, limits: ImportLimits = IMPORT_LIMITS): Promise<ArchiveFiles> {
  const { default: yauzl } = await import('yauzl'); // (imported when used: docs/performance.md "Cold start")
  if (data.length > limits.maxArchiveBytes) throw problem('TOO_LARGE', '', 'the archive is too large');
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      data,
      { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: true },
      (error, zipfile) => (error ? reject(problem('NOT_A_ZIP', '', `not a zip archive: ${error.message}`)) : resolve(zipfile)),
    ),
  );
  if (zip.entryCount > limits.maxFiles) throw problem('TOO_MANY_FILES', '', `more than ${limits.maxFiles} files`);
  const files: ArchiveFiles = new Map();
  let total = 0;
  return new Promise<ArchiveFiles>((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.close();
      const message = (error as Error).message;
      // yauzl checks each name itself (strictFileNames): a climbing or absolute path is the zip's, not a damaged archive.
      const unsafe = /^(?:invalid relative path|absolute path): (.*)$/.exec(message);
      if (unsafe) return reject(problem('UNSAFE_PATH', unsafe[1] ?? '', 'a path leaves the archive'));
      reject(error instanceof ArchiveError ? error : problem('NOT_A_ZIP', '', message));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(files));
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName;
      if (!isSafeRelativePath(name)) return fail(problem('UNSAFE_PATH', name, 'a path leaves the archive'));
      const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
      if (mode === 0o120000) return fail(problem('UNSAFE_PATH', name, 'symbolic links are refused'));
      if (name.endsWith('/')) return zip.readEntry();
      if (entry.uncompressedSize > limits.maxFileBytes) return fail(problem('TOO_LARGE', name, 'the file is too large'));
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) return fail(problem('TOO_LARGE', name, 'the archive expands to too much data'));
      zip.openReadStream(entry, (error, stream) => {
        if (error) return fail(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', fail);
        stream.on('end', () => {
          files.set(name, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

/** Reads a folder (the command line, the built-in pack), refusing symlinks and keeping to the same bounds. */
export async function readFolder(root: string, limits: ImportLimits = IMPORT_LIMITS): Promise<ArchiveFiles> {
  const files: ArchiveFiles = new Map();
  let total = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const name of (await readdir(dir)).sort()) {
      const full = path.join(dir, name);
      const relative = path.relative(root, full).split(path.sep).join('/');
      const info = await lstat(full);
      if (info.isSymbolicLink()) throw problem('UNSAFE_PATH', relative, 'symbolic links are refused');
      if (info.isDirectory()) {
        await walk(full);
        continue;
      }
      if (!info.isFile()) continue;
      if (files.size >= limits.maxFiles) throw problem('TOO_MANY_FILES', relative, `more than ${limits.maxFiles} files`);
      if (info.size > limits.maxFileBytes) throw problem('TOO_LARGE', relative, 'the file is too large');
      total += info.size;
      if (total > limits.maxTotalBytes) throw problem('TOO_LARGE', relative, 'the folder holds too much data');
      files.set(relative, await readFile(full));
    }
  };
  await walk(root);
  return files;
}
