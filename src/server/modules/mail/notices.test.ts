import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../domain/languages.js';
import { users } from '../../db/schema/index.js';
import { createUser } from '../../test/factories.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';
import { noticeMail, teamRecipients, userRecipient } from './notices.js';

const ctx = useTestApp();
const site = 'http://localhost:5000';

describe('notices (docs/mail.md#notices)', () => {
  it('are written in the recipient language, with their values, the link and the account footer', () => {
    const subjects = new Set<string>();
    for (const language of LANGUAGES) {
      const mail = noticeMail(
        { email: 'jeanne@example.com', name: 'Jeanne', language },
        { kind: 'providerRejected', values: { company: 'Domaine <Test>', reason: 'Geen adres' }, path: '/profiel' },
        site,
      );
      subjects.add(mail.subject);
      expect(mail.to).toBe('jeanne@example.com');
      expect(mail.text).toContain('Domaine <Test>');
      expect(mail.text).toContain('Geen adres');
      expect(mail.text).toContain(`${site}/profiel`);
      expect(mail.html).toContain('Domaine &lt;Test&gt;');
      expect(mail.html).toContain(`lang="${language}"`);
      expect(mail.text).not.toContain('{{');
    }
    expect(subjects.size).toBe(LANGUAGES.length);
  });

  it('reach an account in the language it last used on the site, and only at a verified address', async () => {
    const user = await createUser(ctx.db, { roleChosenAt: new Date() });
    expect((await userRecipient(ctx.db, user.id))?.language).toBe('nl');
    const cookie = await sessionCookieFor(ctx.db, user.id);
    const seen = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie, ...sameOrigin, 'x-site-language': 'de' },
    });
    expect(seen.statusCode).toBe(200);
    expect(await userRecipient(ctx.db, user.id)).toMatchObject({ email: user.email, language: 'de' });
    // Anything but one of the five languages is ignored.
    await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie, 'x-site-language': 'xx' } });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.language).toBe('de');

    const unverified = await createUser(ctx.db, { emailVerified: false });
    expect(await userRecipient(ctx.db, unverified.id)).toBeNull();
  });

  it('for the team go to its inbox when one is set, else to every admin', async () => {
    const inbox = await teamRecipients(ctx.db, 'team@example.com');
    expect(inbox).toEqual([{ email: 'team@example.com', name: null, language: 'nl', teamInbox: true }]);
    // Its footer says why the address gets it: it is the team's inbox, not somebody's account.
    const [teamInbox] = inbox;
    if (!teamInbox) throw new Error('no team inbox');
    const toInbox = noticeMail(teamInbox, { kind: 'providerApplied', values: {}, path: '/admin' }, site);
    expect(toInbox.text).toContain('teaminbox');
    expect(toInbox.text).not.toContain('account');
    const admin = await createUser(ctx.db, { role: 'admin', isApproved: true, language: 'fr' });
    const team = await teamRecipients(ctx.db, null);
    expect(team).toContainEqual(expect.objectContaining({ email: admin.email, language: 'fr' }));
    expect(team.every((r) => r.email)).toBe(true);
  });
});
