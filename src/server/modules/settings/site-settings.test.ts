import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSettingsAnswer } from '../../../domain/site-settings.js';
import type { ClientConfig } from '../../../domain/weather-schemas.js';
import { type App, buildApp } from '../../app.js';
import { adminSettings } from '../../db/schema/index.js';
import { truncateAll } from '../../db/seed/demo.js';
import { createUser } from '../../test/factories.js';
import { getJson } from '../../test/http.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.js';
import { testConfig, useTestApp } from '../../test/test-app.js';
import { enqueueMail } from '../mail/outbox.js';
import { SETTING_ROW_KEYS } from './repository.js';

/** The site settings in the console (docs/site-settings.md): GET and PATCH /api/admin/settings, and where they show. */

let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(async () => {
  await smtp?.close();
});

const ENV = {
  CONTACT_EMAIL: 'office@limoux.test',
  CONTACT_PHONE: '+33 4 68 31 11 82',
  MAIL_FROM: 'Limoux Guide <guide@limoux.test>',
};
const ctx = useTestApp(() => ({ env: { ...ENV, SMTP_URL: smtp.url } }));

let admin: string;
let cookies: Record<'visitor' | 'provider', string>;
beforeAll(async () => {
  admin = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { role: 'admin', isApproved: true })).id);
  cookies = {
    visitor: await sessionCookieFor(ctx.db, (await createUser(ctx.db, { role: 'visitor' })).id),
    provider: await sessionCookieFor(ctx.db, (await createUser(ctx.db, { role: 'provider', isApproved: true })).id),
  };
});

const getSettings = (cookie = admin) => ctx.app.inject({ url: '/api/admin/settings', headers: { cookie } });
const patch = (payload: Record<string, unknown>, cookie = admin, app: App = ctx.app) =>
  app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { cookie, ...sameOrigin }, payload });
const contactOf = async (app: App) => (await getJson<ClientConfig>(app, '/api/config')).body.contact;
const storedRows = async () =>
  (await ctx.db.select().from(adminSettings)).filter((row) => row.key.startsWith('site.')).length;

describe('who may', () => {
  it('lets only an admin read or change the settings', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/settings' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: sameOrigin, payload: {} }))
        .statusCode,
    ).toBe(401);
    for (const cookie of Object.values(cookies)) {
      expect((await getSettings(cookie)).statusCode).toBe(403);
      expect((await patch({ contactPhone: '' }, cookie)).statusCode).toBe(403);
    }
    expect(await storedRows()).toBe(0);
    expect((await getSettings()).statusCode).toBe(200);
  });
});

describe('the defaults', () => {
  it('are the environment’s, each with what it does, and say so', async () => {
    const res = await getSettings();
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<SiteSettingsAnswer>();
    expect(body).toMatchObject({
      contactEmail: { value: 'office@limoux.test', default: 'office@limoux.test', isDefault: true },
      contactPhone: { value: '+33 4 68 31 11 82', default: '+33 4 68 31 11 82', isDefault: true },
      // MAIL_FROM's display name.
      senderName: { value: 'Limoux Guide', default: 'Limoux Guide', isDefault: true },
      teamInbox: { value: 'office@limoux.test', default: 'office@limoux.test', isDefault: true },
      // Not the environment's: the licence of France's public open data (docs/site-settings.md).
      dataLicence: { value: 'Licence Ouverte / Etalab 2.0', default: 'Licence Ouverte / Etalab 2.0', isDefault: true },
      dataLicenceUrl: {
        value: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
        default: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
        isDefault: true,
      },
      // No OPERATOR_NAME: the sender's name; the retention period 24 months (docs/privacy.md#retention).
      operatorName: { value: 'Limoux Guide', default: 'Limoux Guide', isDefault: true },
      retentionMonths: { value: '24', default: '24', isDefault: true },
    });
    for (const setting of Object.values(body)) expect(setting.description.length).toBeGreaterThan(10);
    expect(await contactOf(ctx.app)).toEqual({ email: 'office@limoux.test', phone: '+33 4 68 31 11 82' });
  });

  it('leave the seed’s marker and any other internal row out', async () => {
    await ctx.db.insert(adminSettings).values({ key: 'seed.demo', value: '2026-01-01T00:00:00.000Z' });
    const body = (await getSettings()).json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual([
      'contactEmail',
      'contactPhone',
      'dataLicence',
      'dataLicenceUrl',
      'operatorName',
      'retentionMonths',
      'senderName',
      'teamInbox',
    ]);
    await ctx.db.delete(adminSettings).where(eq(adminSettings.key, 'seed.demo'));
  });
});

describe('a change', () => {
  it('applies at once: the footer’s contact, with nothing cached on the way', async () => {
    const res = await patch({ contactEmail: 'hello@limoux.test', contactPhone: '+33 6 12 34 56 78' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SiteSettingsAnswer>()).toMatchObject({
      contactEmail: { value: 'hello@limoux.test', default: 'office@limoux.test', isDefault: false },
      contactPhone: { value: '+33 6 12 34 56 78', isDefault: false },
      senderName: { isDefault: true },
    });
    const config = await ctx.app.inject({ url: '/api/config' });
    expect(config.headers['cache-control']).toBeUndefined();
    expect(config.json<ClientConfig>().contact).toEqual({ email: 'hello@limoux.test', phone: '+33 6 12 34 56 78' });
  });

  it('empty means none: the phone cleared shows no phone; the team inbox cleared, every admin', async () => {
    const res = await patch({ contactPhone: '', teamInbox: '' });
    expect(res.json<SiteSettingsAnswer>()).toMatchObject({
      contactPhone: { value: null, default: '+33 4 68 31 11 82', isDefault: false },
      teamInbox: { value: null, isDefault: false },
    });
    expect((await contactOf(ctx.app)).phone).toBeNull();
    expect((await ctx.app.deps.site.current()).teamInbox).toBeNull();
  });

  it('null goes back to the environment’s default and removes the stored row', async () => {
    const res = await patch({ contactEmail: null, contactPhone: null, teamInbox: null });
    expect(res.json<SiteSettingsAnswer>()).toMatchObject({
      contactEmail: { value: 'office@limoux.test', isDefault: true },
      contactPhone: { value: '+33 4 68 31 11 82', isDefault: true },
      teamInbox: { value: 'office@limoux.test', isDefault: true },
    });
    expect(await storedRows()).toBe(0);
  });

  it('writes the description beside the value in admin_settings', async () => {
    await patch({ teamInbox: 'team@limoux.test' });
    const [row] = await ctx.db.select().from(adminSettings).where(eq(adminSettings.key, SETTING_ROW_KEYS.teamInbox));
    expect(row).toMatchObject({ value: 'team@limoux.test', description: expect.stringContaining('notices') });
    expect((await ctx.app.deps.site.current()).teamInbox).toBe('team@limoux.test');
    await patch({ teamInbox: null });
  });
});

describe('bad input', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['an address that is none', { contactEmail: 'not-an-address' }, 'contactEmail'],
    ['a team inbox that is none', { teamInbox: 'team@' }, 'teamInbox'],
    ['a phone number that is none', { contactPhone: 'call us' }, 'contactPhone'],
    ['a sender name with a line break', { senderName: 'Guide\r\nBcc: x@y.test' }, 'senderName'],
    ['a sender name with <', { senderName: 'Guide <evil@y.test>' }, 'senderName'],
    ['a sender name with a quote', { senderName: 'The "Guide"' }, 'senderName'],
    ['an empty sender name', { senderName: '   ' }, 'senderName'],
    ['a sender name too long', { senderName: 'x'.repeat(81) }, 'senderName'],
    ['a number', { contactPhone: 33468 }, 'contactPhone'],
    ['an operator name with a line break', { operatorName: 'Office\nde Tourisme' }, 'operatorName'],
    ['an empty operator name', { operatorName: ' ' }, 'operatorName'],
    ['an operator name too long', { operatorName: 'x'.repeat(121) }, 'operatorName'],
    ['no retention period', { retentionMonths: '' }, 'retentionMonths'],
    ['a retention period of 0 months', { retentionMonths: '0' }, 'retentionMonths'],
    ['a retention period over 120 months', { retentionMonths: '121' }, 'retentionMonths'],
    ['a retention period in parts of a month', { retentionMonths: '12.5' }, 'retentionMonths'],
    ['a retention period as a number', { retentionMonths: 24 }, 'retentionMonths'],
    ['a retention period in words', { retentionMonths: 'two years' }, 'retentionMonths'],
    ['an unknown setting', { siteName: 'Elsewhere' }, ''],
  ];
  it.each(cases)('is a 400 naming the field, and changes nothing: %s', async (_name, body, field) => {
    const res = await patch({ contactPhone: '+33 4 00 00 00 00', ...body });
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json<{ code: string; details: { path: string }[] }>();
    expect(error.code).toBe('VALIDATION_FAILED');
    if (field) expect(error.details.map((d) => d.path)).toContain(field);
    expect(await storedRows()).toBe(0);
    expect((await contactOf(ctx.app)).phone).toBe('+33 4 68 31 11 82');
  });
});

describe('the privacy page’s settings (docs/privacy.md)', () => {
  const privacyOf = async () => (await getJson<ClientConfig>(ctx.app, '/api/config')).body.privacy;

  it('come to /api/config: the operator’s name and the retention period, changed and back', async () => {
    expect(await privacyOf()).toEqual({ operatorName: 'Limoux Guide', retentionMonths: 24 });
    const res = await patch({ operatorName: ' Office de Tourisme du Limouxin ', retentionMonths: ' 036 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SiteSettingsAnswer>()).toMatchObject({
      operatorName: { value: 'Office de Tourisme du Limouxin', default: 'Limoux Guide', isDefault: false },
      retentionMonths: { value: '36', default: '24', isDefault: false },
    });
    expect(await privacyOf()).toEqual({ operatorName: 'Office de Tourisme du Limouxin', retentionMonths: 36 });
    expect((await ctx.app.deps.site.current()).retentionMonths).toBe(36);
    await patch({ operatorName: null, retentionMonths: null });
    expect(await privacyOf()).toEqual({ operatorName: 'Limoux Guide', retentionMonths: 24 });
    expect(await storedRows()).toBe(0);
  });

  it('take the bounds: 1 and 120 months', async () => {
    expect((await patch({ retentionMonths: '1' })).statusCode).toBe(200);
    expect((await privacyOf()).retentionMonths).toBe(1);
    expect((await patch({ retentionMonths: '120' })).statusCode).toBe(200);
    expect((await privacyOf()).retentionMonths).toBe(120);
    await patch({ retentionMonths: null });
  });

  it('read a stored period that is none (written by hand) as the default', async () => {
    await ctx.db.insert(adminSettings).values({ key: SETTING_ROW_KEYS.retentionMonths, value: 'forever' });
    await ctx.app.deps.site.refresh();
    expect((await privacyOf()).retentionMonths).toBe(24);
    await ctx.db.delete(adminSettings).where(eq(adminSettings.key, SETTING_ROW_KEYS.retentionMonths));
    await ctx.app.deps.site.refresh();
  });

  it('take OPERATOR_NAME as the operator’s default', async () => {
    const app = await buildApp({
      config: testConfig({ ...ENV, OPERATOR_NAME: 'SARL Limoux Découverte' }),
      database: ctx.database,
    });
    try {
      await app.ready();
      expect((await getJson<ClientConfig>(app, '/api/config')).body.privacy.operatorName).toBe(
        'SARL Limoux Découverte',
      );
    } finally {
      await app.close();
    }
  });
});

describe('the mails’ sender', () => {
  const sendOne = async (to: string) => {
    await enqueueMail(
      ctx.db,
      { to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>', messageId: `<${to}>` },
      new Date(),
    );
    await ctx.app.deps.outbox.runOnce();
    const mail = smtp.received.find((m) => m.envelopeTo.includes(to));
    expect(mail).toBeDefined();
    return mail?.parsed.from?.value[0];
  };

  it('is MAIL_FROM’s name by default, then the setting’s at the next mail, always from MAIL_FROM’s address', async () => {
    expect(await sendOne('first@example.com')).toEqual({ name: 'Limoux Guide', address: 'guide@limoux.test' });
    expect((await patch({ senderName: '  Office de Tourisme à Limoux  ' })).statusCode).toBe(200);
    expect(await sendOne('second@example.com')).toEqual({
      name: 'Office de Tourisme à Limoux',
      address: 'guide@limoux.test',
    });
    await patch({ senderName: null });
    expect(await sendOne('third@example.com')).toEqual({ name: 'Limoux Guide', address: 'guide@limoux.test' });
  });
});

describe('a second app on the same database (in-process on PGlite, LISTEN on PostgreSQL)', () => {
  let second: App;
  beforeAll(async () => {
    second = await buildApp({ config: testConfig(ENV), database: ctx.database });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
  });

  it('shows a change made on the first without a restart', async () => {
    expect(await contactOf(second)).toEqual({ email: 'office@limoux.test', phone: '+33 4 68 31 11 82' });
    expect((await patch({ contactPhone: '+33 4 68 99 99 99' })).statusCode).toBe(200);
    await expect
      .poll(async () => (await contactOf(second)).phone, { timeout: 2000, interval: 20 })
      .toBe('+33 4 68 99 99 99');
    // A change made on the second reaches the first too.
    expect((await patch({ contactPhone: null }, admin, second)).statusCode).toBe(200);
    await expect
      .poll(async () => (await contactOf(ctx.app)).phone, { timeout: 2000, interval: 20 })
      .toBe('+33 4 68 31 11 82');
  });

  it('follows a change written straight into the table (a command, by hand)', async () => {
    await ctx.db.insert(adminSettings).values({ key: SETTING_ROW_KEYS.contactEmail, value: 'desk@limoux.test' });
    await expect
      .poll(async () => (await contactOf(second)).email, { timeout: 2000, interval: 20 })
      .toBe('desk@limoux.test');
    await ctx.db.delete(adminSettings).where(eq(adminSettings.key, SETTING_ROW_KEYS.contactEmail));
    await expect
      .poll(async () => (await contactOf(second)).email, { timeout: 2000, interval: 20 })
      .toBe('office@limoux.test');
  });
});

describe('a reset of the demo content (npm run db:seed)', () => {
  it('keeps the team’s settings and drops the seed’s marker', async () => {
    await patch({ contactPhone: '+33 4 68 77 77 77' });
    await ctx.db.insert(adminSettings).values({ key: 'seed.demo', value: '2026-01-01T00:00:00.000Z' });
    await truncateAll(ctx.db);
    const keys = (await ctx.db.select().from(adminSettings)).map((row) => row.key);
    expect(keys).toEqual([SETTING_ROW_KEYS.contactPhone]);
    expect((await contactOf(ctx.app)).phone).toBe('+33 4 68 77 77 77');
  });
});
