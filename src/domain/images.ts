/**
 * Activity photos (docs/provider-workspace.md#photos), without zod so that
 * every page of the web client may use it.
 */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_WIDTHS = [400, 800, 1600] as const;

const UPLOAD_PATTERN = /^\/uploads\/([a-z0-9-]+)\.webp$/;

/**
 * The `src` and `srcset` of an activity's photo: an uploaded one comes in
 * several widths (`/uploads/<key>-<width>.webp`), a seeded one as one file.
 */
export function imageSources(imageUrl: string | null): { src: string; srcSet?: string } | null {
  if (!imageUrl) return null;
  const key = UPLOAD_PATTERN.exec(imageUrl)?.[1];
  if (!key) return { src: imageUrl };
  return {
    src: `/uploads/${key}-${IMAGE_WIDTHS[1]}.webp`,
    srcSet: IMAGE_WIDTHS.map((w) => `/uploads/${key}-${w}.webp ${w}w`).join(', '),
  };
}
