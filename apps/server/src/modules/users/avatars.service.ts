import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

import sharp from 'sharp';

import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE } from '@drapeau/shared';

import { AppError, notFound } from '../../lib/app-error.js';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);

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
      let jpeg: Buffer;
      try {
        const metadata = await sharp(data).metadata();
        if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new Error(`format ${metadata.format ?? 'unknown'}`);
        jpeg = await sharp(data, { limitInputPixels: 50_000_000, animated: false })
          .rotate()
          .resize(AVATAR_MAX_SIDE, AVATAR_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#111827' })
          .jpeg({ quality: 80, mozjpeg: true })
          .toBuffer();
      } catch {
        throw new AppError('INVALID_IMAGE', 400, 'The file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).');
      }
      const fileName = `${userId.replace(/[^A-Za-z0-9_-]/g, '')}-${createHash('sha256').update(jpeg).digest('hex').slice(0, 12)}.jpg`;
      await mkdir(dir, { recursive: true });
      const tmp = path.join(dir, `${fileName}.tmp`);
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
