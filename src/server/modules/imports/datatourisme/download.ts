import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** The largest flux downloaded (a region is a few hundred MB; the whole country 12 GB unpacked). */
export const MAX_FLUX_BYTES = 4 * 1024 ** 3;
/** A flux that has not finished downloading in this time is given up. */
export const FLUX_TIMEOUT_MS = 30 * 60_000;

/**
 * Downloads a flux ZIP from its URL (docs/datatourisme.md#sources) to `dir`, streamed to disk, never
 * held in memory; fails on an answer other than 200, past `maxBytes` or past `timeoutMs`, leaving no
 * file behind. Only http and https.
 */
export async function downloadFlux(
  url: string,
  dir: string,
  { maxBytes = MAX_FLUX_BYTES, timeoutMs = FLUX_TIMEOUT_MS } = {},
): Promise<string> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('the flux URL must be http(s)');
  const file = path.join(dir, 'flux.zip');
  const response = await fetch(parsed, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  if (response.status !== 200 || !response.body) {
    throw new Error(`the flux URL answered ${response.status}`);
  }
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxBytes ? new Error(`the flux is larger than ${maxBytes} bytes`) : null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), limit, createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return file;
}
