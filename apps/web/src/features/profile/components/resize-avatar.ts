import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE } from '@drapeau/shared/constants';

/** docs/product.md#constants: avatars are JPEG at quality 0.8. */
export const AVATAR_JPEG_QUALITY = 0.8;
/** JPEG has no transparency: transparent pixels get the page background (the server flattens onto the same colour). */
const AVATAR_BACKGROUND = '#111827';

export type AvatarFileCheck = 'ok' | 'notImage' | 'tooLarge';

/** docs/product.md#validation: the type must begin with image/, the size must be at most 5 MB. */
export function checkAvatarFile(file: Pick<File, 'type' | 'size'>): AvatarFileCheck {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size > AVATAR_MAX_BYTES) return 'tooLarge';
  return 'ok';
}

/** The largest size that fits within max x max keeping the aspect ratio; smaller images keep their size. */
export function fitWithin(width: number, height: number, max: number = AVATAR_MAX_SIDE) {
  const scale = Math.min(1, max / width, max / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('The file could not be read as an image.'));
    };
    image.src = url;
  });
}

/** Scales the picture to fit 400x400 on a canvas and encodes it as JPEG at quality 0.8. */
export async function resizeAvatar(file: Blob): Promise<Blob> {
  const image = await loadImage(file);
  const { width, height } = fitWithin(image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available.');
  context.fillStyle = AVATAR_BACKGROUND;
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded.'))),
      'image/jpeg',
      AVATAR_JPEG_QUALITY,
    );
  });
}
