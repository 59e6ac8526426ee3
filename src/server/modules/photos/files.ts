import { randomUUID } from 'node:crypto';
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS } from '../../../domain/images.js';
import { AppError } from '../../errors.js';
import { ensurePrivateDir } from '../../private-dir.js';
import { loadSharp } from '../../sharp.js';

/**
 * The files of uploaded photos under DATA_DIR/uploads (docs/provider-workspace.md#photos): for a
 * photo `<key>`, `<key>-400.webp`, `<key>-800.webp`, `<key>-1600.webp` and the link-preview
 * picture `<key>-share.jpg`. Each is written whole under a temporary name and renamed.
 */

/** Formats a photo may come in, read from its content (docs/provider-workspace.md#photos). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Larger than any camera's photo; stops decompression bombs before decoding. */
const MAX_INPUT_PIXELS = 100_000_000;
/** Link previews: the size Open Graph and Twitter cards ask for, as the seeded pictures have it (docs/seo.md). */
const SHARE_WIDTH = 1200;
const SHARE_HEIGHT = 630;

export const KEY_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY_PREFIX = new RegExp(`^(${KEY_PATTERN})[-.]`);

export const widthFile = (key: string, width: number) => `${key}-${width}.webp`;
export const shareFile = (key: string) => `${key}-share.jpg`;
/** Every file a stored photo has. */
export const photoFiles = (key: string) => [...IMAGE_WIDTHS.map((w) => widthFile(key, w)), shareFile(key)];
/** The largest width, which `/uploads/<key>.webp` (the address an activity stores) answers with. */
export const largestFile = (key: string) => widthFile(key, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? 1600);

export interface StoredPhoto {
  key: string;
  /** The address the activity stores. */
  imageUrl: string;
  /** All its files together. */
  bytes: number;
  files: { name: string; bytes: number }[];
}

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a JPEG, PNG or WebP image');

/** Writes `data` whole: under a temporary name of its own, then renamed, so a reader never sees half a file. */
async function writeWhole(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, data, { mode: 0o644 });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The 1200 x 630 JPEG a link preview shows, cut around what draws the eye. */
async function sharePicture(input: Buffer | string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(SHARE_WIDTH, SHARE_HEIGHT, { fit: 'cover', position: sharp.strategy.attention })
    .jpeg({ quality: 82 })
    .toBuffer();
}

/**
 * Checks that `input` is a JPEG, PNG or WebP image by its content, and writes
 * it as WebP in each of IMAGE_WIDTHS (never wider than the original) and as the
 * link-preview JPEG, turned upright and without its metadata (location,
 * camera). Nothing is kept when any step fails.
 */
export async function storePhoto(input: Buffer, uploadsDir: string): Promise<StoredPhoto> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw unsupported();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unsupported();

  await ensurePrivateDir(uploadsDir);
  const key = randomUUID();
  const files: StoredPhoto['files'] = [];
  try {
    for (const width of IMAGE_WIDTHS) {
      const data = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      await writeWhole(path.join(uploadsDir, widthFile(key, width)), data);
      files.push({ name: widthFile(key, width), bytes: data.length });
    }
    const share = await sharePicture(input);
    await writeWhole(path.join(uploadsDir, shareFile(key)), share);
    files.push({ name: shareFile(key), bytes: share.length });
  } catch (error) {
    await removePhotoFiles(uploadsDir, key);
    if (error instanceof AppError) throw error;
    throw unsupported();
  }
  return { key, imageUrl: `/uploads/${key}.webp`, bytes: files.reduce((sum, f) => sum + f.bytes, 0), files };
}

/**
 * The link-preview picture of a photo, made from its largest width when it is missing (photos
 * uploaded before previews were made at upload). Null when the photo has no files.
 */
export async function ensureSharePicture(uploadsDir: string, key: string): Promise<string | null> {
  const file = path.join(uploadsDir, shareFile(key));
  if (await exists(file)) return file;
  const source = path.join(uploadsDir, largestFile(key));
  if (!(await exists(source))) return null;
  await writeWhole(file, await sharePicture(source));
  return file;
}

async function exists(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

export async function removePhotoFiles(uploadsDir: string, key: string): Promise<void> {
  await Promise.all(photoFiles(key).map((name) => rm(path.join(uploadsDir, name), { force: true })));
}

/** The size of a photo's files on disk. */
export async function photoBytes(uploadsDir: string, key: string): Promise<number> {
  const sizes = await Promise.all(photoFiles(key).map((name) => stat(path.join(uploadsDir, name)).catch(() => null)));
  return sizes.reduce((sum, s) => sum + (s?.size ?? 0), 0);
}

/**
 * The photos on disk, by key, with every file of each (temporary ones included) and when it was
 * written. Files whose name starts with no key are not the app's and are left alone.
 */
export async function filesOnDisk(uploadsDir: string): Promise<Map<string, { name: string; mtimeMs: number }[]>> {
  const found = new Map<string, { name: string; mtimeMs: number }[]>();
  const entries = await readdir(uploadsDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    const key = entry.isFile() ? KEY_PREFIX.exec(entry.name)?.[1] : undefined;
    if (!key) continue;
    const info = await stat(path.join(uploadsDir, entry.name)).catch(() => null);
    if (!info) continue;
    found.set(key, [...(found.get(key) ?? []), { name: entry.name, mtimeMs: info.mtimeMs }]);
  }
  return found;
}

export async function removeFiles(uploadsDir: string, names: string[]): Promise<void> {
  await Promise.all(names.map((name) => rm(path.join(uploadsDir, name), { force: true })));
}
