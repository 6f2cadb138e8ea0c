import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

import pLimit from 'p-limit';
import type sharp from 'sharp';

import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE } from '@drapeau/shared';

import { AppError, notFound } from '../../lib/app-error.js';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);
/** A 190 KB PNG can decode to 7000x7000 (49 MP, 150 MB of pixels): refused from its header (issue #17.2). */
const AVATAR_MAX_PIXELS = 16_000_000;
/**
 * Decoding runs on libuv's small thread pool, which also reads files and hashes passwords: one image at a time, so that
 * uploads wait for each other instead of stalling everyone's requests (docs/decisions/010-abuse-limits.md).
 */
const imageJobs = pLimit(1);

/**
 * Avatars: checked by content (not by name or declared type), re-encoded by sharp to a JPEG of at most 400x400 at quality
 * 80 (which drops metadata and anything that is not pixels), stored under DATA_DIR/files/avatars.
 */
export function createAvatarsService(deps: { dir: string }) {
  const { dir } = deps;
  const fileOf = (avatarPath: string) => path.join(dir, path.basename(avatarPath));

  return {
    /** Returns the stored file name. Refuses SVG, HTML disguised as an image, and files over 5 MB. */
    async storeAvatar(userId: string, data: Buffer): Promise<string> {
      if (data.length > AVATAR_MAX_BYTES) throw new AppError('IMAGE_TOO_LARGE', 413, 'Image must be smaller than 5MB');
      const jpeg = await imageJobs(() => toAvatarJpeg(data));
      const fileName = `${userId.replace(/[^A-Za-z0-9_-]/g, '')}-${createHash('sha256').update(jpeg).digest('hex').slice(0, 12)}.jpg`;
      await mkdir(dir, { recursive: true });
      // A name of its own per upload: two identical uploads at once must not rename each other's file.
      const tmp = path.join(dir, `${fileName}.${randomUUID()}.tmp`);
      await writeFile(tmp, jpeg);
      await rename(tmp, path.join(dir, fileName));
      return fileName;
    },

    async readAvatar(avatarPath: string | null): Promise<Buffer> {
      if (!avatarPath) throw notFound('FILE_NOT_FOUND', 'No avatar.');
      try {
        return await readFile(fileOf(avatarPath));
      } catch {
        throw notFound('FILE_NOT_FOUND', 'No avatar.');
      }
    },

    async deleteAvatar(_userId: string, avatarPath: string | null): Promise<void> {
      if (avatarPath) await unlink(fileOf(avatarPath)).catch(() => {});
    },
  };
}
export type AvatarsService = ReturnType<typeof createAvatarsService>;

/** The header is read first (no decoding), then the image is decoded within the same pixel bound. */
async function toAvatarJpeg(data: Buffer): Promise<Buffer> {
  // Imported on the first upload: libvips is not needed to start (docs/performance.md "Cold start").
  const { default: sharp } = await import('sharp');
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(data).metadata();
  } catch {
    throw invalidImage();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw invalidImage();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > AVATAR_MAX_PIXELS) {
    throw new AppError('IMAGE_TOO_MANY_PIXELS', 413, 'Image must be at most 16 megapixels.');
  }
  try {
    return await sharp(data, { limitInputPixels: AVATAR_MAX_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_MAX_SIDE, AVATAR_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#111827' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
  } catch {
    throw invalidImage();
  }
}

const invalidImage = () =>
  new AppError('INVALID_IMAGE', 400, 'The file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).');
