import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSessionSecret } from './session-secret.js';

describe('resolveSessionSecret', () => {
  it('uses the configured secret', async () => {
    expect(await resolveSessionSecret('x'.repeat(40), '/nonexistent')).toBe('x'.repeat(40));
  });

  it('generates one under DATA_DIR once, readable only by its owner, and keeps it across restarts', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'dl-secret-'));
    try {
      const first = await resolveSessionSecret(undefined, dir);
      expect(first).toMatch(/^[0-9a-f]{96}$/);
      expect((await stat(path.join(dir, 'session-secret'))).mode & 0o777).toBe(0o600);
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect(await resolveSessionSecret(undefined, dir)).toBe(first);
      expect((await readFile(path.join(dir, 'session-secret'), 'utf8')).trim()).toBe(first);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('makes a fresh one per process without a data folder', async () => {
    expect(await resolveSessionSecret(undefined, null)).not.toBe(await resolveSessionSecret(undefined, null));
  });
});
