import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/**
 * Where a flux comes from, kept apart from the mapping (docs/datatourisme.md#the-flux): a
 * downloaded ZIP or an unpacked folder today, an HTTP API later. Each gives its objects one at a
 * time, as parsed JSON or as the reason one could not be read; nothing holds the whole flux.
 */

/** One object file of the flux: its parsed JSON, or why it could not be read (that object only). */
export type FluxItem = { file: string; object: unknown } | { file: string; problem: string };

export interface FluxSource {
  /** What the report names as the source. */
  readonly name: string;
  items(): AsyncIterable<FluxItem>;
  /** How many objects `items` will give, read from the index or the ZIP's directory (no object is read). */
  count?(): Promise<number>;
}

/** The largest object file read (the biggest seen are 700 KB): a bigger one is that object's problem. */
export const MAX_OBJECT_BYTES = 8 * 1024 * 1024;

/** A stream's bytes, at most `limit` of them (past it, the stream is dropped and this throws). */
export async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      stream.destroy();
      throw new Error(`larger than ${limit} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parse(file: string, bytes: Buffer): FluxItem {
  try {
    return { file, object: JSON.parse(bytes.toString('utf8')) as unknown };
  } catch (error) {
    return { file, problem: `not JSON: ${(error as Error).message}` };
  }
}

const isObjectFile = (name: string) => /(^|\/)objects\/.+\.json$/i.test(name);

/** An unpacked flux: `index.json` lists the object files under `objects/`, read one at a time. */
export function folderSource(dir: string): FluxSource {
  return {
    name: dir,
    async count() {
      const index = JSON.parse(await readFile(path.join(dir, 'index.json'), 'utf8')) as unknown;
      return Array.isArray(index) ? index.length : 0;
    },
    async *items() {
      const index = JSON.parse(await readFile(path.join(dir, 'index.json'), 'utf8')) as unknown;
      if (!Array.isArray(index)) throw new Error('index.json is not a list of objects');
      for (const entry of index) {
        const file = typeof entry === 'object' && entry !== null ? (entry as { file?: unknown }).file : undefined;
        if (typeof file !== 'string' || file.includes('..')) {
          yield { file: String(file), problem: 'index entry without a file inside objects/' };
          continue;
        }
        const full = path.join(dir, 'objects', file);
        try {
          const { size } = await stat(full);
          if (size > MAX_OBJECT_BYTES) {
            yield { file, problem: `larger than ${MAX_OBJECT_BYTES} bytes` };
            continue;
          }
          yield parse(file, await readAll(createReadStream(full), MAX_OBJECT_BYTES));
        } catch (error) {
          yield { file, problem: (error as Error).message };
        }
      }
    },
  };
}

/**
 * A downloaded flux ZIP, read entry by entry from the file (never whole into memory). Every JSON
 * file under `objects/` is an object; a damaged entry is that object's problem, a file that is not
 * a ZIP at all stops the run before anything is written.
 */
export function zipSource(file: string): FluxSource {
  return {
    name: path.basename(file),
    async count() {
      const zip = await yauzl.openPromise(file, { autoClose: true, strictFileNames: false });
      let objects = 0;
      try {
        for await (const entry of zip.eachEntry())
          if (!entry.fileName.endsWith('/') && isObjectFile(entry.fileName)) objects++;
      } finally {
        zip.close();
      }
      return objects;
    },
    async *items() {
      const zip = await yauzl.openPromise(file, { autoClose: true, strictFileNames: false });
      try {
        for await (const entry of zip.eachEntry()) {
          if (entry.fileName.endsWith('/') || !isObjectFile(entry.fileName)) continue;
          const name = entry.fileName.replace(/^.*?objects\//, '');
          if (entry.uncompressedSize > MAX_OBJECT_BYTES) {
            yield { file: name, problem: `larger than ${MAX_OBJECT_BYTES} bytes` };
            continue;
          }
          let item: FluxItem;
          try {
            item = parse(name, await readAll(await zip.openReadStreamPromise(entry), MAX_OBJECT_BYTES));
          } catch (error) {
            item = { file: name, problem: `unreadable: ${(error as Error).message}` };
          }
          yield item;
        }
      } finally {
        zip.close();
      }
    },
  };
}

/** A ZIP file or an unpacked folder, whichever `location` is. */
export async function localSource(location: string): Promise<FluxSource> {
  const info = await stat(location);
  return info.isDirectory() ? folderSource(location) : zipSource(location);
}
