import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/**
 * Writes objects as a DATAtourisme flux (docs/datatourisme.md#the-flux): `index.json` and one file
 * per object under `objects/<x>/<xy>/<source>-<uuid>.json`, as a folder or a ZIP. The tests' fluxes,
 * the benchmark's generated region and the guide's own export are written here.
 */

/** The object's file under `objects/`, from the last part of its `@id`. */
export function objectFile(object: Record<string, unknown>): string {
  const id = String(object['@id'] ?? '');
  const parts = id.split('/').filter(Boolean);
  const uuid = (parts.at(-1) ?? 'object').replace(/[^a-zA-Z0-9-]/g, '');
  const source = (parts.at(-2) ?? '0').replace(/[^a-zA-Z0-9-]/g, '');
  const hex = uuid
    .replace(/[^0-9a-f]/gi, '')
    .padEnd(3, '0')
    .toLowerCase();
  return `${hex.slice(0, 1)}/${hex.slice(1, 3)}/${source}-${uuid}.json`;
}

function indexEntry(object: Record<string, unknown>) {
  const label = object['rdfs:label'] as Record<string, string[]> | undefined;
  return {
    label: label?.fr?.[0] ?? Object.values(label ?? {})[0]?.[0] ?? '',
    lastUpdateDatatourisme: String(object['lastUpdateDatatourisme'] ?? ''),
    file: objectFile(object),
  };
}

export async function writeFluxFolder(dir: string, objects: Iterable<Record<string, unknown>>): Promise<void> {
  const index = [];
  for (const object of objects) {
    const entry = indexEntry(object);
    const file = path.join(dir, 'objects', entry.file);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(object));
    index.push(entry);
  }
  await writeFile(path.join(dir, 'index.json'), JSON.stringify(index));
}

/**
 * A flux ZIP as a stream (an HTTP answer, or a file below); `extra` adds raw entries (a damaged
 * object file, for example). Each object is serialized as it is added.
 */
export function fluxZipStream(
  objects: Iterable<Record<string, unknown>>,
  extra: { name: string; bytes: Buffer }[] = [],
): Readable {
  const zip = new yazl.ZipFile();
  const index = [];
  for (const object of objects) {
    const entry = indexEntry(object);
    zip.addBuffer(Buffer.from(JSON.stringify(object)), `objects/${entry.file}`);
    index.push(entry);
  }
  for (const { name, bytes } of extra) zip.addBuffer(bytes, name);
  zip.addBuffer(Buffer.from(JSON.stringify(index)), 'index.json');
  zip.end();
  return zip.outputStream as Readable;
}

/** A flux ZIP written to `file`. */
export async function writeFluxZip(
  file: string,
  objects: Iterable<Record<string, unknown>>,
  extra: { name: string; bytes: Buffer }[] = [],
): Promise<void> {
  await pipeline(fluxZipStream(objects, extra), createWriteStream(file));
}
