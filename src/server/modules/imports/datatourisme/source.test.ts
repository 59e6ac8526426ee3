import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectFile, writeFluxFolder, writeFluxZip } from './flux-writer.js';
import { type FluxItem, localSource } from './source.js';
import { farAway, market } from './test-objects.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dl-flux-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function read(location: string): Promise<FluxItem[]> {
  const items: FluxItem[] = [];
  for await (const item of (await localSource(location)).items()) items.push(item);
  return items;
}

describe('reading a flux (docs/datatourisme.md#the-flux)', () => {
  it('reads an unpacked folder through its index, one object at a time', async () => {
    const folder = path.join(dir, 'folder');
    await writeFluxFolder(folder, [market(), farAway()]);
    const items = await read(folder);
    expect(items.map((item) => item.file)).toEqual([objectFile(market()), objectFile(farAway())]);
    expect(items[0]).toEqual({ file: objectFile(market()), object: market() });
  });

  it('reads a ZIP entry by entry; a file that is not JSON is that object’s problem only', async () => {
    const file = path.join(dir, 'flux.zip');
    await writeFluxZip(
      file,
      [market(), farAway()],
      [
        { name: 'objects/f/ff/10-broken.json', bytes: Buffer.from('{"@id": "https://data.datatourisme.fr/10/x", ') },
        { name: 'context.jsonld', bytes: Buffer.from('{}') },
      ],
    );
    const items = await read(file);
    expect(items).toHaveLength(3);
    expect(items.filter((item) => 'object' in item).map((item) => item.file)).toEqual([
      objectFile(market()),
      objectFile(farAway()),
    ]);
    const broken = items.find((item) => item.file === 'f/ff/10-broken.json');
    expect(broken && 'problem' in broken && broken.problem).toMatch(/^not JSON/);
    // The progress bar's whole: every object file, the broken one too, and nothing else.
    expect(await (await localSource(file)).count?.()).toBe(items.length);
  });

  it('counts an unpacked folder’s objects from its index', async () => {
    const folder = path.join(dir, 'counted');
    await writeFluxFolder(folder, [market(), farAway()]);
    expect(await (await localSource(folder)).count?.()).toBe(2);
  });

  it('names an entry whose compressed bytes are damaged, and reads the next', async () => {
    const file = path.join(dir, 'damaged.zip');
    await writeFluxZip(file, [market(), farAway()]);
    const bytes = await readFile(file);
    // Inside the first entry's compressed data: after its 30-byte header and its name.
    const start = 30 + `objects/${objectFile(market())}`.length + 8;
    bytes.fill(0xff, start, start + 24);
    await writeFile(file, bytes);
    const items = await read(file);
    expect(items.map((item) => ('problem' in item ? 'problem' : 'object'))).toEqual(['problem', 'object']);
  });

  it('stops on a file that is not a ZIP at all, before any object', async () => {
    const file = path.join(dir, 'not-a.zip');
    await writeFile(file, 'PK but not really a zip file');
    await expect(read(file)).rejects.toThrow();
  });

  it('names an index entry that points outside objects/, and a missing file, and goes on', async () => {
    const folder = path.join(dir, 'odd');
    await writeFluxFolder(folder, [market()]);
    await writeFile(
      path.join(folder, 'index.json'),
      JSON.stringify([{ file: '../../etc/passwd' }, { file: 'a/bc/missing.json' }, { file: objectFile(market()) }]),
    );
    const items = await read(folder);
    expect(items.map((item) => ('problem' in item ? 'problem' : 'object'))).toEqual(['problem', 'problem', 'object']);
  });
});
