import { lstat, readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';

import type yauzl from 'yauzl';

import { IMPORT_LIMITS, type ImportProblem } from '@drapeau/shared';

import { detail, fileProblem, type ProblemDetail } from './import-problems.js';

/** Files of an import, by path relative to its root ('/'-separated), read into memory within the bounds. */
export type ArchiveFiles = Map<string, Buffer>;
/** The bounds of one import (IMPORT_LIMITS; smaller in tests). */
export type ImportLimits = Record<'maxArchiveBytes' | 'maxFiles' | 'maxTotalBytes' | 'maxFileBytes', number>;

/**
 * An import's archive (a zip, or a folder on the command line), opened without reading any file: its index first,
 * then only the files the importer asks for (docs/challenge-authoring.md "Imports: limits and errors").
 */
export interface Archive {
  /** Every file (declared size) by path; symbolic links are in `links` instead. */
  readonly sizes: ReadonlyMap<string, number>;
  /** Each symbolic link's target, as written in the archive (resolved by `resolveInArchive`). */
  readonly links: ReadonlyMap<string, string>;
  /**
   * Reads files: refused before anything is inflated when their declared sizes or count exceed the bounds, and cut
   * by a running total when the data inflates to more than declared.
   */
  read(paths: readonly string[]): Promise<ArchiveFiles>;
  close(): void;
}

export class ArchiveError extends Error {
  constructor(readonly problem: ImportProblem) {
    super(problem.message);
  }
}
const problem = (code: ImportProblem['code'], file: string, what: ProblemDetail) =>
  new ArchiveError(fileProblem(code, file, what));
const leavesArchive = (name: string) =>
  problem('UNSAFE_PATH', name, detail('PATH_LEAVES_ARCHIVE', 'a path leaves the archive', { path: name }));
const linkTooLong = (name: string) => problem('UNSAFE_PATH', name, detail('LINK_TOO_LONG', 'a symbolic link too long'));
const tooManyEntries = (file: string, max: number) =>
  problem('TOO_MANY_FILES', file, detail('TOO_MANY_ENTRIES', `more than ${max} entries`, { max }));
const notAZip = (words: string) =>
  problem('NOT_A_ZIP', '', detail('NOT_A_ZIP', `not a zip archive: ${words}`, { detail: words }));
const fileTooLarge = (name: string, limits: ImportLimits) =>
  problem('TOO_LARGE', name, detail('FILE_TOO_LARGE', 'the file is too large', { maxMb: limits.maxFileBytes / 1024 / 1024 }));

/** A safe relative path: no absolute path, no `..`, no backslash, no empty part. */
function isSafeRelativePath(name: string): boolean {
  if (name.includes('\\') || name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\0')) return false;
  const parts = name.split('/').filter((p) => p !== '');
  return parts.length > 0 && parts.every((p) => p !== '..' && p !== '.');
}

/**
 * Where `name` (relative to `folder`, `./` and `../` allowed) leads inside the archive, following symbolic links
 * (also a link to a folder): the file's path, or null when it leaves the archive (or links go round in a circle).
 */
export function resolveInArchive(folder: string, name: string, links: ReadonlyMap<string, string>): string | null {
  if (name.includes('\\') || name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\0')) return null;
  let pending = path.posix.normalize(folder ? `${folder}/${name}` : name).split('/');
  const done: string[] = [];
  for (let hops = 0; pending.length > 0;) {
    const part = pending.shift()!;
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (done.length === 0) return null;
      done.pop();
      continue;
    }
    done.push(part);
    const target = links.get(done.join('/'));
    if (target === undefined) continue;
    if (++hops > 40 || target.startsWith('/') || target.includes('\\') || target.includes('\0')) return null;
    done.pop();
    pending = [...target.split('/'), ...pending];
  }
  return done.length > 0 ? done.join('/') : null;
}

/** The checks made on the index, before any file is read. */
function checkDeclared(paths: readonly string[], sizes: ReadonlyMap<string, number>, limits: ImportLimits): void {
  if (paths.length > limits.maxFiles) throw tooManyEntries('', limits.maxFiles);
  let total = 0;
  for (const name of paths) {
    const size = sizes.get(name) ?? 0;
    if (size > limits.maxFileBytes) throw fileTooLarge(name, limits);
    total += size;
    if (total > limits.maxTotalBytes)
      throw problem(
        'TOO_LARGE',
        name,
        detail('FILES_TOO_LARGE', 'the files expand to too much data', { maxMb: limits.maxTotalBytes / 1024 / 1024 }),
      );
  }
}

/** An index holds at most this many entries (a folder's other files are listed, not read: they may be many). */
const maxEntries = (limits: ImportLimits) => limits.maxFiles * 20;
/** A symbolic link's target is a short path. */
const MAX_LINK_BYTES = 4096;

/**
 * Opens a zip held in memory. Names leaving the root ("zip slip") are refused; files are inflated only when read, one
 * at a time, each stopped as soon as it inflates past its declared size or the bounds.
 */
export async function openZip(data: Buffer, limits: ImportLimits = IMPORT_LIMITS): Promise<Archive> {
  const { default: yauzl } = await import('yauzl'); // (imported when used: docs/performance.md "Cold start")
  if (data.length > limits.maxArchiveBytes)
    throw problem(
      'TOO_LARGE',
      '',
      detail('ARCHIVE_TOO_LARGE', 'the archive is too large', { maxMb: limits.maxArchiveBytes / 1024 / 1024 }),
    );
  // Sizes are checked by the running total below (validateEntrySizes would only compare them at the end).
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      data,
      { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: false, strictFileNames: true },
      (error, zipfile) => (error ? reject(notAZip(error.message)) : resolve(zipfile)),
    ),
  );
  const asProblem = (error: unknown): ArchiveError => {
    if (error instanceof ArchiveError) return error;
    const message = (error as Error).message;
    // yauzl checks each name itself (strictFileNames): a climbing or absolute path is the zip's, not a damaged archive.
    const unsafe = /^(?:invalid relative path|absolute path): (.*)$/.exec(message);
    if (unsafe) return leavesArchive(unsafe[1] ?? '');
    return notAZip(message);
  };
  if (zip.entryCount > maxEntries(limits)) {
    zip.close();
    throw tooManyEntries('', maxEntries(limits));
  }
  const entries = new Map<string, yauzl.Entry>();
  const linkEntries = new Map<string, yauzl.Entry>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error) => reject(asProblem(error)));
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (!isSafeRelativePath(name)) return reject(leavesArchive(name));
        const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
        if (mode === 0o120000) linkEntries.set(name, entry);
        else if (!name.endsWith('/')) entries.set(name, entry);
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }

  /** Inflates one entry, counting its bytes as they come: stops at `limit` (its declared size or the bounds left). */
  const inflate = (entry: yauzl.Entry, limit: number, tooMuch: () => ArchiveError) =>
    new Promise<Buffer>((resolve, reject) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(asProblem(error));
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) {
            stream.destroy();
            return reject(tooMuch());
          }
          chunks.push(chunk);
        });
        stream.on('error', (e) => reject(asProblem(e)));
        stream.on('end', () => resolve(Buffer.concat(chunks)));
      });
    });

  const links = new Map<string, string>();
  let total = 0;
  try {
    for (const [name, entry] of linkEntries) {
      if (entry.uncompressedSize > MAX_LINK_BYTES) throw linkTooLong(name);
      const target = await inflate(entry, MAX_LINK_BYTES, () => linkTooLong(name));
      links.set(name.replace(/\/$/, ''), target.toString('utf8'));
    }
  } catch (error) {
    zip.close();
    throw error;
  }
  const sizes = new Map([...entries].map(([name, entry]) => [name, entry.uncompressedSize]));
  return {
    sizes,
    links,
    async read(paths) {
      const wanted = paths.filter((p) => entries.has(p));
      checkDeclared(wanted, sizes, limits);
      const files: ArchiveFiles = new Map();
      for (const name of wanted) {
        const entry = entries.get(name)!;
        // The running total: whatever the headers say, no file inflates past its declared size nor the bounds.
        const limit = Math.min(entry.uncompressedSize, limits.maxFileBytes, limits.maxTotalBytes - total);
        const data = await inflate(entry, limit, () =>
          problem(
            'TOO_LARGE',
            name,
            detail('FILE_INFLATES_TOO_MUCH', 'the file inflates to more than its declared size or the bounds'),
          ),
        );
        total += data.length;
        files.set(name, data);
      }
      return files;
    },
    close: () => zip.close(),
  };
}

/** Opens a folder (the command line, the built-in pack) with the same bounds; its files are read when asked for. */
export async function openFolder(root: string, limits: ImportLimits = IMPORT_LIMITS): Promise<Archive> {
  const sizes = new Map<string, number>();
  const links = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    for (const name of (await readdir(dir)).sort()) {
      const full = path.join(dir, name);
      const relative = path.relative(root, full).split(path.sep).join('/');
      const info = await lstat(full);
      if (sizes.size + links.size >= maxEntries(limits)) throw tooManyEntries(relative, maxEntries(limits));
      if (info.isSymbolicLink()) links.set(relative, (await readlink(full)).split(path.sep).join('/'));
      else if (info.isDirectory()) await walk(full);
      else if (info.isFile()) sizes.set(relative, info.size);
    }
  };
  await walk(root);
  let total = 0;
  return {
    sizes,
    links,
    async read(paths) {
      const wanted = paths.filter((p) => sizes.has(p));
      checkDeclared(wanted, sizes, limits);
      const files: ArchiveFiles = new Map();
      for (const name of wanted) {
        const data = await readFile(path.join(root, ...name.split('/')));
        // The file may have grown since it was listed.
        total += data.length;
        if (data.length > limits.maxFileBytes || total > limits.maxTotalBytes) throw fileTooLarge(name, limits);
        files.set(name, data);
      }
      return files;
    },
    close: () => {},
  };
}
