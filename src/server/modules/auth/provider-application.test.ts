import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../domain/auth.js';
import { outbox, providers, users } from '../../db/schema/index.js';
import type { MailMessage } from '../mail/mailer.js';
import { createUser } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';

/** Becoming a provider (docs/accounts.md#becoming-a-provider) and the mails of the decision (docs/mail.md#notices). */
const TEAM = 'team@example.com';
const ctx = useTestApp(() => ({ env: { CONTACT_EMAIL: TEAM } }));

const mailsTo = async (address: string) =>
  (await ctx.db.select().from(outbox).orderBy(outbox.id))
    .map((row) => row.payload as MailMessage)
    .filter((mail) => mail.to === address);

const post = async (url: string, userId: string | null, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...(userId ? { cookie: await sessionCookieFor(ctx.db, userId) } : {}), ...sameOrigin },
    ...(payload ? { payload } : {}),
  });

const apply = (userId: string | null, body: object = { company: 'Caves du Razès', phone: '+33 4 68 31 00 00' }) =>
  post('/api/provider/application', userId, body);

const visitor = (overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(ctx.db, { role: 'visitor', roleChosenAt: new Date(), ...overrides });

describe('POST /api/provider/application', () => {
  it('makes a visitor a pending provider with the application, and mails the team in the same transaction', async () => {
    const user = await visitor({ firstName: 'Jeanne', lastName: 'Martin' });
    const teamBefore = (await mailsTo(TEAM)).length;
    const res = await apply(user.id, { company: '  Caves du Razès ', phone: '+33 4 68 31 00 00', address: 'Limoux' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AuthUser>()).toMatchObject({
      role: 'provider',
      isApproved: false,
      providerStatus: 'pending',
      company: 'Caves du Razès',
    });
    const [row] = await ctx.db.select().from(providers).where(eq(providers.userId, user.id));
    expect(row).toMatchObject({ company: 'Caves du Razès', address: 'Limoux', status: 'pending', email: user.email });
    const team = await mailsTo(TEAM);
    expect(team).toHaveLength(teamBefore + 1);
    const mail = team.at(-1);
    expect(mail?.subject).toBe('Nieuwe aanmelding als aanbieder: Caves du Razès');
    expect(mail?.text).toContain(`Jeanne Martin (${user.email})`);
    expect(mail?.text).toContain('Adres: Limoux');
    expect(mail?.text).toContain('http://localhost:5000/admin');
  });

  it('leaves out what the applicant did not give (no empty "Phone:" line)', async () => {
    const user = await visitor();
    expect((await apply(user.id, { company: 'Sans Téléphone' })).statusCode).toBe(200);
    const mail = (await mailsTo(TEAM)).at(-1);
    expect(mail?.subject).toContain('Sans Téléphone');
    expect(mail?.text).not.toContain('Telefoon:');
    expect(mail?.text).not.toContain('Adres:');
  });

  it('takes one application: the second is a 409 and mails nobody', async () => {
    const user = await visitor();
    expect((await apply(user.id)).statusCode).toBe(200);
    const mails = (await ctx.db.select().from(outbox)).length;
    const again = await apply(user.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_PROVIDER' });
    expect((await ctx.db.select().from(outbox)).length).toBe(mails);
  });

  it('refuses a provider, approved or pending or rejected, and an admin, each with its own 409', async () => {
    for (const approved of [true, false]) {
      const { user } = await createProvider(ctx.db, { approved });
      const res = await apply(user.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ALREADY_PROVIDER' });
    }
    const admin = await createUser(ctx.db, { role: 'admin', isApproved: true, roleChosenAt: new Date() });
    const res = await apply(admin.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ALREADY_ADMIN' });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.role).toBe('admin');
  });

  it('refuses a visitor who applied before and was made a visitor again by an admin', async () => {
    const { user } = await createProvider(ctx.db, { approved: false });
    await ctx.db.update(users).set({ role: 'visitor' }).where(eq(users.id, user.id));
    const res = await apply(user.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ALREADY_PROVIDER' });
    // The role choice does not let them in by the other door either.
    const chosen = await post('/api/auth/role', user.id, { role: 'provider', company: 'Encore' });
    expect(chosen.statusCode).toBe(409);
  });

  it('needs a verified e-mail address (EMAIL_NOT_VERIFIED), and changes nothing without one', async () => {
    const user = await visitor({ emailVerified: false });
    const before = (await ctx.db.select().from(outbox)).length;
    const res = await apply(user.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe('visitor');
    expect(await ctx.db.select().from(providers).where(eq(providers.userId, user.id))).toHaveLength(0);
    expect((await ctx.db.select().from(outbox)).length).toBe(before);
  });

  it('is a 401 for nobody logged in', async () => {
    const res = await apply(null);
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{}, 'company'],
    [{ company: '   ' }, 'company'],
    [{ company: 'X', phone: 'call me' }, 'phone'],
    [{ company: 'x'.repeat(201) }, 'company'],
    [{ company: 'X', role: 'provider' }, 'role'],
  ])('refuses %j, naming %s, and changes nothing', async (body, field) => {
    const user = await visitor();
    const res = await apply(user.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(field);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe('visitor');
  });

  it('also mails the team when a first login chooses to be a provider', async () => {
    const user = await createUser(ctx.db, { roleChosenAt: null });
    const before = (await mailsTo(TEAM)).length;
    const res = await post('/api/auth/role', user.id, { role: 'provider', company: 'Premier Pas' });
    expect(res.statusCode).toBe(200);
    expect((await mailsTo(TEAM)).length).toBe(before + 1);
  });
});

describe('the decision on an application is mailed to the provider', () => {
  const adminCookie = async () =>
    (await createUser(ctx.db, { role: 'admin', isApproved: true, roleChosenAt: new Date() })).id;

  async function applicant(language: 'nl' | 'en' | 'fr' | 'de' | 'es') {
    const user = await visitor({ language });
    expect((await apply(user.id, { company: 'Domaine Test' })).statusCode).toBe(200);
    const [provider] = await ctx.db.select().from(providers).where(eq(providers.userId, user.id));
    if (!provider || !user.email) throw new Error('no application');
    return { user, provider, email: user.email };
  }

  it('approved: in the language the provider last used, with a link to their activities; once', async () => {
    const admin = await adminCookie();
    const { provider, email } = await applicant('fr');
    const res = await post(`/api/admin/providers/${provider.id}/approve`, admin);
    expect(res.statusCode).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Bienvenue parmi les prestataires de DiscoverLocal');
    expect(mails[0]?.text).toContain('Domaine Test');
    expect(mails[0]?.text).toContain('http://localhost:5000/provider');
    // Approving again changes nothing, and mails nothing.
    expect((await post(`/api/admin/providers/${provider.id}/approve`, admin)).statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('rejected with a reason: the reason is kept and mailed, in the provider’s language', async () => {
    const admin = await adminCookie();
    const { provider, email } = await applicant('de');
    const res = await post(`/api/admin/providers/${provider.id}/reject`, admin, {
      reason: '  Kein Angebot in Limoux ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: provider.id, status: 'rejected' });
    const [row] = await ctx.db.select().from(providers).where(eq(providers.id, provider.id));
    expect(row?.moderationReason).toBe('Kein Angebot in Limoux');
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Ihre Bewerbung als Anbieter bei DiscoverLocal');
    expect(mail?.text).toContain('Grund: Kein Angebot in Limoux');
  });

  it('rejected without a reason (no body, or an empty one): no "Reason:" line', async () => {
    const admin = await adminCookie();
    for (const body of [undefined, {}, { reason: '' }, { reason: null }]) {
      const { provider, email } = await applicant('en');
      const res = await post(`/api/admin/providers/${provider.id}/reject`, admin, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(200);
      const [mail] = await mailsTo(email);
      expect(mail?.subject).toBe('Your application as a provider on DiscoverLocal');
      expect(mail?.text).not.toContain('Reason:');
    }
  });

  it('refuses a reason that is too long or a body with other fields (400), and decides nothing', async () => {
    const admin = await adminCookie();
    const { provider, email } = await applicant('nl');
    for (const body of [{ reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }]) {
      const res = await post(`/api/admin/providers/${provider.id}/reject`, admin, body);
      expect(res.statusCode).toBe(400);
    }
    const [row] = await ctx.db.select().from(providers).where(eq(providers.id, provider.id));
    expect(row?.status).toBe('pending');
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('an approved provider rejected later is told; approved again, told again', async () => {
    const admin = await adminCookie();
    const { provider, email } = await applicant('es');
    await post(`/api/admin/providers/${provider.id}/approve`, admin);
    await post(`/api/admin/providers/${provider.id}/reject`, admin, { reason: 'Ya no existe' });
    await post(`/api/admin/providers/${provider.id}/approve`, admin);
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([
      'Bienvenido como proveedor en DiscoverLocal',
      'Tu solicitud como proveedor en DiscoverLocal',
      'Bienvenido como proveedor en DiscoverLocal',
    ]);
  });

  it('a provider or a visitor cannot decide (403), nobody logged in gets a 401', async () => {
    const { provider } = await applicant('nl');
    const { user: other } = await createProvider(ctx.db);
    const someone = await visitor();
    expect((await post(`/api/admin/providers/${provider.id}/reject`, other.id, { reason: 'x' })).statusCode).toBe(403);
    expect((await post(`/api/admin/providers/${provider.id}/approve`, someone.id)).statusCode).toBe(403);
    expect((await post(`/api/admin/providers/${provider.id}/approve`, null)).statusCode).toBe(401);
    const [row] = await ctx.db.select().from(providers).where(eq(providers.id, provider.id));
    expect(row?.status).toBe('pending');
  });
});
