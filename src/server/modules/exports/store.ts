import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';

/**
 * Exports written once per version of what they show (docs/api.md#open-data-exports): the chunks
 * go to a file of this instance's temporary folder while their hash is computed, then every request
 * for that version is sent from the file with the hash as its ETag. A newer version replaces the
 * file (a download already under way keeps reading the one it opened).
 */

export interface StoredExport {
  file: string;
  etag: string;
  size: number;
}

export class ExportStore {
  private dir: Promise<string> | null = null;
  private readonly made = new Map<string, { version: string; file: Promise<StoredExport> }>();

  private folder(): Promise<string> {
    this.dir ??= mkdtemp(path.join(tmpdir(), 'dl-exports-'));
    return this.dir;
  }

  /** The export `name` at `version`: written by `chunks` the first time it is asked for, then kept. */
  get(
    name: string,
    version: string,
    chunks: () => Promise<Iterable<string> | AsyncIterable<string>>,
  ): Promise<StoredExport> {
    const kept = this.made.get(name);
    if (kept && kept.version === version) return kept.file;
    const file = this.write(chunks);
    this.made.set(name, { version, file });
    // A failed write is not kept: the next request tries again.
    file.catch(() => {
      if (this.made.get(name)?.file === file) this.made.delete(name);
    });
    // The file it replaces goes once it is written.
    if (kept)
      void file.then(
        () => kept.file.then((old) => unlink(old.file)).catch(() => undefined),
        () => undefined,
      );
    return file;
  }

  private async write(chunks: () => Promise<Iterable<string> | AsyncIterable<string>>): Promise<StoredExport> {
    const file = path.join(await this.folder(), `${randomUUID()}.part`);
    const out = createWriteStream(file);
    const hash = createHash('sha1');
    try {
      for await (const chunk of await chunks()) {
        const bytes = Buffer.from(chunk);
        hash.update(bytes);
        // Waits when the disk is behind: the export is never held whole in memory.
        if (!out.write(bytes)) await once(out, 'drain');
      }
      out.end();
      await once(out, 'finish');
    } catch (error) {
      out.destroy();
      await rm(file, { force: true });
      throw error;
    }
    const { size } = await stat(file);
    return { file, size, etag: `"${hash.digest('base64url').slice(0, 22)}"` };
  }

  async close(): Promise<void> {
    if (this.dir) await rm(await this.dir, { recursive: true, force: true });
  }
}
