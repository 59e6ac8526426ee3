import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ActivityDetail } from '../../../domain/activities.js';
import type { ImportRun } from '../../../domain/imports.js';
import { activitySources } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createUser } from '../../test/factories.js';
import { type PhotoStandIn, startPhotoStandIn } from '../../test/photo-stand-in.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';
import { writeFluxZip } from './datatourisme/flux-writer.js';
import { testObject } from './datatourisme/test-objects.js';

/**
 * The console's import in production mode, where photos on this machine are refused, with one
 * photo server named in IMPORT_PHOTO_PRIVATE_ORIGINS (docs/datatourisme.md#photos): its photo is
 * fetched and credited; a photo on another loopback port, and one redirected there from the
 * allowed server, are refused and counted as photo failures.
 */

let dataDir: string;
let allowed: PhotoStandIn;
let other: PhotoStandIn;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dl-photo-origins-'));
  other = await startPhotoStandIn();
  allowed = await startPhotoStandIn({ redirects: { '/elsewhere.jpg': `${other.url}/belvedere.jpg` } });
});
afterAll(async () => {
  await allowed?.close();
  await other?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ctx = useTestApp(() => ({
  env: {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    IMPORT_PHOTO_PRIVATE_ORIGINS: allowed.url,
  },
  deps: { clock: fixedClock('2026-11-26T10:00:00Z') },
}));

const withPhoto = (n: number, url: string) =>
  testObject(
    {
      uuid: `7a1e2b3c-4d5e-4f60-8a9b-00000000010${n}`,
      types: ['NaturalHeritage', 'PlaceOfInterest', 'PointOfInterest', 'PointOfView'],
      names: { fr: `Belvédère ${n}`, nl: `Uitkijkpunt ${n}` },
      latitude: '43.0412',
      longitude: '2.2305',
    },
    {
      hasMainRepresentation: [
        {
          'ebucore:hasRelatedResource': [{ 'ebucore:locator': [url] }],
          'ebucore:hasAnnotation': [{ credits: ['Studio Test'], 'ebucore:isCoveredBy': 'CC BY 4.0' }],
        },
      ],
    },
  );

it('fetches the photos of the allowed origin only, in production mode', async () => {
  const admin = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { role: 'admin', isApproved: true })).id);
  const objects = [
    withPhoto(1, `${allowed.url}/belvedere.jpg`),
    withPhoto(2, `${other.url}/belvedere.jpg`),
    withPhoto(3, `${allowed.url}/elsewhere.jpg`),
  ];
  const zip = path.join(dataDir, 'flux.zip');
  await writeFluxZip(zip, objects);
  const boundary = '----dlphotos';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="dryRun"\r\n\r\nfalse\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="flux.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    await readFile(zip),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/imports/datatourisme',
    headers: { ...sameOrigin, cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(started.statusCode).toBe(202);
  let run: ImportRun | null = null;
  for (let i = 0; i < 400 && run?.status !== 'done' && run?.status !== 'failed'; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 25));
    const res = await ctx.app.inject({
      url: `/api/admin/imports/runs/${started.json<{ id: number }>().id}`,
      headers: { cookie: admin },
    });
    run = res.json<ImportRun>();
  }
  expect(run?.status).toBe('done');
  expect(run?.report).toMatchObject({
    created: 3,
    photoFailures: { count: 2, ids: [String(objects[1]?.['@id']), String(objects[2]?.['@id'])] },
  });

  const detailOf = async (object: Record<string, unknown> | undefined) => {
    const [row] = await ctx.db
      .select({ id: activitySources.activityId })
      .from(activitySources)
      .where(eq(activitySources.sourceId, String(object?.['@id'])));
    const res = await ctx.app.inject({ url: `/api/activities/${row?.id}?lng=nl` });
    expect(res.statusCode).toBe(200);
    return res.json<ActivityDetail>();
  };
  const fetched = await detailOf(objects[0]);
  expect(fetched.imageUrl).toMatch(/^\/uploads\//);
  expect(fetched.source).toMatchObject({ photoCredits: 'Studio Test', photoLicence: 'CC BY 4.0' });
  for (const refused of [objects[1], objects[2]]) {
    const detail = await detailOf(refused);
    expect(detail.imageUrl ?? '').not.toMatch(/^\/uploads\//);
    expect(detail.source).toMatchObject({ photoCredits: null, photoLicence: null });
  }
});
