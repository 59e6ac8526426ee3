import { chmod, mkdir } from 'node:fs/promises';

/**
 * Makes `dir` (and any missing parent) readable by this user only: it holds
 * the embedded database, the generated session secret, mail and uploads
 * (docs/security.md). A folder made before with a looser mode is tightened.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}
