import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../../domain/provider-activities.js';
import { AppError } from '../../errors.js';
import { ensurePrivateDir } from '../../private-dir.js';

/** Formats a photo may come in, read from its content (docs/provider-workspace.md#photos). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Larger than any camera's photo; stops decompression bombs before decoding. */
const MAX_INPUT_PIXELS = 100_000_000;

export interface StoredPhoto {
  imageUrl: string;
  files: { width: number; bytes: number; path: string }[];
}

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'The file is not a JPEG, PNG or WebP image');

/**
 * Checks that `input` is a JPEG, PNG or WebP image by its content, and writes
 * it as WebP in each of IMAGE_WIDTHS (never wider than the original), turned
 * upright and without its metadata (location, camera). Nothing is kept when
 * any step fails.
 */
export async function storePhoto(input: Buffer, uploadsDir: string): Promise<StoredPhoto> {
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
      const file = path.join(uploadsDir, `${key}-${width}.webp`);
      // Written whole under a temporary name, then renamed: a reader never sees half a file.
      await writeFile(`${file}.tmp`, data, { mode: 0o644 });
      await rename(`${file}.tmp`, file);
      files.push({ width, bytes: data.length, path: file });
    }
  } catch (error) {
    await Promise.all(
      IMAGE_WIDTHS.flatMap((w) => {
        const file = path.join(uploadsDir, `${key}-${w}.webp`);
        return [rm(file, { force: true }), rm(`${file}.tmp`, { force: true })];
      }),
    );
    if (error instanceof AppError) throw error;
    throw unsupported();
  }
  return { imageUrl: `/uploads/${key}.webp`, files };
}
