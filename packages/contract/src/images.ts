/**
 * Uploaded images (game images, 000 §5; CMS media, 002 §9), recognised by their bytes: the name
 * and the declared type are never trusted, and SVG is not accepted (no script may ride in an
 * image). Zod-free: the console checks a picked file with the same function before it uploads.
 */
export const IMAGE_KINDS = ['png', 'jpeg', 'gif', 'webp'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const IMAGE_MIME: Record<ImageKind, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** What an image's first bytes say it is (PNG, JPEG, GIF, WebP), or null. */
export function imageKind(b: Uint8Array): ImageKind | null {
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff && b[3] !== 0x00) return 'jpeg';
  if (b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return 'gif';
  if (b.length >= 12 && b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) return 'webp';
  return null;
}
