import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRuns } from '../../db/schema/index.js';
import { createUser } from '../../test/factories.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';
import { writeFluxZip } from './datatourisme/flux-writer.js';
import { market } from './datatourisme/test-objects.js';

/**
 * The console's imports at their limits (docs/datatourisme.md#in-the-console): an upload over
 * IMPORT_UPLOAD_MAX_MB is a 413 and leaves no file, and the database cut while the imports' tables
 * are read or written is a 503, never a 500, with nothing started.
 */

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dl-imports-limits-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});
const ctx = useTestApp(() => ({ env: { DATA_DIR: dataDir, IMPORT_UPLOAD_MAX_MB: '1' } }));

let admin: string;
beforeAll(async () => {
  admin = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { role: 'admin', isApproved: true })).id);
});

const BOUNDARY = '----dllimits';
const upload = (bytes: Buffer) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/imports/datatourisme',
    headers: { ...sameOrigin, cookie: admin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="flux.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });

describe('an upload too large', () => {
  it('is a 413, and leaves neither a run nor a file', async () => {
    const big = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(1024 * 1024 + 10, 1)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await ctx.db.select().from(importRuns)).toEqual([]);
    expect(await readdir(path.join(dataDir, 'imports'))).toEqual([]);
  });
});

describe('the database cut', () => {
  type QueryWithCache = (queryString: string, params: unknown[], query: () => Promise<unknown>) => Promise<unknown>;
  const prepared = PgPreparedQuery.prototype as unknown as { queryWithCache: QueryWithCache };
  const original = prepared.queryWithCache;
  /** Every query on the imports' tables loses its connection; the session's read goes through. */
  const cut = () => {
    prepared.queryWithCache = function (this: unknown, queryString, params, query) {
      if (/import_runs|admin_settings/.test(queryString)) {
        const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' });
        return original.call(this, queryString, params, () => Promise.reject(lost));
      }
      return original.call(this, queryString, params, query);
    };
  };
  const mend = () => {
    prepared.queryWithCache = original;
  };

  it('answers 503 on every route, and nothing is started', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'dl-imports-cut-'));
    await writeFluxZip(path.join(dir, 'flux.zip'), [market()]);
    const zip = await readFile(path.join(dir, 'flux.zip'));
    await rm(dir, { recursive: true, force: true });
    cut();
    try {
      const answers = [
        await upload(zip),
        await ctx.app.inject({ url: '/api/admin/imports/runs', headers: { cookie: admin } }),
        await ctx.app.inject({ url: '/api/admin/imports/runs/1', headers: { cookie: admin } }),
        await ctx.app.inject({ url: '/api/admin/imports/settings', headers: { cookie: admin } }),
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/admin/imports/settings',
          headers: { ...sameOrigin, cookie: admin },
          payload: { feedUrl: 'https://example.org/flux.zip', time: '03:00' },
        }),
      ];
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      }
    } finally {
      mend();
    }
    expect(await ctx.db.select().from(importRuns)).toEqual([]);
    expect(await readdir(path.join(dataDir, 'imports'))).toEqual([]);
  });
});
