/**
 * Activity photos (docs/provider-workspace.md#photos), without zod so that
 * every page of the web client may use it.
 */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_WIDTHS = [400, 800, 1600] as const;

/**
 * What one provider account may keep stored (docs/provider-workspace.md#quota): far above what a
 * real provider uses (a published and a waiting photo per activity), so that only a script filling
 * the disk meets it. A photo nothing uses any more is deleted and counts no longer.
 */
export const PHOTO_QUOTA = { photos: 200, bytes: 300 * 1024 * 1024 } as const;

/**
 * An uploaded photo's address: `/uploads/<key>.webp` as the activity stores it (public once its
 * activity is approved), or `/api/uploads/<key>.webp`, the same photo for its provider and admins
 * while it waits for approval (the session cookie is only sent to /api).
 */
const UPLOAD_PATTERN = /^(\/api)?\/uploads\/([a-z0-9-]+)\.webp$/;

/** The key of an uploaded photo's address, or null for a seeded picture (or none). */
export function uploadKey(imageUrl: string | null): string | null {
  return (imageUrl && UPLOAD_PATTERN.exec(imageUrl)?.[2]) || null;
}

/** The link-preview picture of an uploaded photo: a 1200 x 630 JPEG, which every chat app shows. */
export const sharePicturePath = (key: string) => `/uploads/${key}-share.jpg`;

/**
 * The `src` and `srcset` of an activity's photo: an uploaded one comes in
 * several widths (`<prefix>/uploads/<key>-<width>.webp`), a seeded one as one file.
 */
export function imageSources(imageUrl: string | null): { src: string; srcSet?: string } | null {
  if (!imageUrl) return null;
  const match = UPLOAD_PATTERN.exec(imageUrl);
  if (!match) return { src: imageUrl };
  const base = `${match[1] ?? ''}/uploads/${match[2]}`;
  return {
    src: `${base}-${IMAGE_WIDTHS[1]}.webp`,
    srcSet: IMAGE_WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(', '),
  };
}
