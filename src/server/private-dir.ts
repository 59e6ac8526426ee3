import { randomBytes } from 'node:crypto';
import { chmod, type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises';

/**
 * Makes `dir` (and any missing parent) readable by this user only: it holds
 * the embedded database, the generated session secret, mail and uploads
 * (docs/security.md). A folder made before with a looser mode is tightened.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/**
 * Writes a file readable by this user only (whatever the umask) as a whole or not at all: `write`
 * fills a new file of its own name beside `target`, which is flushed to disk and then renamed over
 * `target`. A process killed or failing mid-write leaves the previous file (or none), never half
 * of one; of two writers at once, the last rename wins and either file is whole.
 */
export async function writePrivately(target: string, write: (file: FileHandle) => Promise<unknown>): Promise<void> {
  const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
  const file = await open(partial, 'wx', 0o600);
  try {
    await file.chmod(0o600);
    await write(file);
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(partial, { force: true });
    throw error;
  }
  await file.close();
  try {
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
