import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClientConfig } from '../../../domain/weather-schemas.js';
import { type App, buildApp } from '../../app.js';
import { type Database, openPostgres } from '../../db/client.js';
import { createUser } from '../../test/factories.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { testConfig } from '../../test/test-app.js';
import { createSharedTestDatabase } from '../../test/test-db.js';

/**
 * Two app instances on one PostgreSQL database, each with a pool of its own (docs/deployment.md):
 * a site setting changed on one is used by the other within a moment, without a restart
 * (docs/site-settings.md#every-instance).
 */
const ENV = { CONTACT_EMAIL: 'office@limoux.test', CONTACT_PHONE: '+33 4 68 31 11 82' };
let database: Database;
let second: Database;
let a: App;
let b: App;
let url = '';

beforeAll(async () => {
  ({ database, second, url } = await createSharedTestDatabase());
  a = await buildApp({ config: testConfig(ENV), database });
  b = await buildApp({ config: testConfig(ENV), database: second });
  await Promise.all([a.ready(), b.ready()]);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await second?.close();
  await database?.close();
});

const contactOf = async (app: App) => (await app.inject({ url: '/api/config' })).json<ClientConfig>().contact;

it('shows a contact changed on one instance in the other’s footer within a second', async () => {
  const admin = await sessionCookieFor(
    database.db,
    (await createUser(database.db, { role: 'admin', isApproved: true })).id,
  );
  expect(await contactOf(b)).toEqual({ email: 'office@limoux.test', phone: '+33 4 68 31 11 82' });
  const edit = await a.inject({
    method: 'PATCH',
    url: '/api/admin/settings',
    headers: { cookie: admin, ...sameOrigin },
    payload: { contactEmail: 'hello@limoux.test', contactPhone: '' },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  // The instance that wrote answers with it at once.
  expect(await contactOf(a)).toEqual({ email: 'hello@limoux.test', phone: null });
  const started = performance.now();
  await expect
    .poll(async () => contactOf(b), { timeout: 1000, interval: 20 })
    .toEqual({
      email: 'hello@limoux.test',
      phone: null,
    });
  expect(performance.now() - started).toBeLessThan(1000);
  expect((await b.deps.site.current()).contactEmail).toBe('hello@limoux.test');
});

it('keeps answering the footer from memory while the database is gone; a change is a 503', async () => {
  // This instance's pool is closed: a read of the database would fail; the footer's contact does not.
  const lonely = await buildApp({ config: testConfig(ENV), database: openPostgres(url) });
  await lonely.ready();
  const before = await contactOf(lonely);
  const admin = await sessionCookieFor(
    database.db,
    (await createUser(database.db, { role: 'admin', isApproved: true })).id,
  );
  await lonely.deps.database.close();
  expect(await contactOf(lonely)).toEqual(before);
  // A change cannot be made: a 503, never a 500.
  const edit = await lonely.inject({
    method: 'PATCH',
    url: '/api/admin/settings',
    headers: { cookie: admin, ...sameOrigin },
    payload: { contactPhone: '' },
  });
  expect(edit.statusCode).toBe(503);
  await lonely.close();
});
