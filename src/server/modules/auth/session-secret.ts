import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDir } from '../../private-dir.js';

/**
 * The secret that signs session cookies: the configured one, or (outside
 * production) one generated once and kept under DATA_DIR, so sessions
 * survive restarts. An in-memory database gets a fresh one per process.
 */
export async function resolveSessionSecret(configured: string | undefined, dataDir: string | null): Promise<string> {
  if (configured) return configured;
  if (!dataDir) return randomBytes(48).toString('hex');
  const file = path.join(dataDir, 'session-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch {
    // Not there yet: make one below.
  }
  const secret = randomBytes(48).toString('hex');
  await ensurePrivateDir(dataDir);
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
