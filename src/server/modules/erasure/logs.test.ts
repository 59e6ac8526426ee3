import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../deps.js';
import { createActivity, createUser } from '../../test/factories.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';
import { bookings } from '../../db/schema/index.js';
import { runRetention } from './retention.js';

/**
 * What an erasure and the retention job write to the log (docs/privacy.md#logs): never the address
 * erased, nor a guest's name: counts only.
 */
const lines: string[] = [];
const clock = fixedClock('2027-06-30T08:00:00Z');
const ctx = useTestApp(() => ({
  env: { LOG_LEVEL: 'debug' },
  deps: { clock, logStream: { write: (line: string) => void lines.push(line) } },
}));

describe('the log of erasures', () => {
  it('holds neither the address nor the name of whoever is erased', async () => {
    const admin = await createUser(ctx.db, { role: 'admin', isApproved: true });
    const person = await createUser(ctx.db, { email: 'secret.person@example.com', firstName: 'Zebulon' });
    const activityId = await createActivity(ctx.db);
    await ctx.db.insert(bookings).values({
      activityId,
      customerName: 'Zebulon Guest',
      customerEmail: 'secret.person@example.com',
      bookingDate: '2020-01-01',
    });
    const own = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie: await sessionCookieFor(ctx.db, person.id), ...sameOrigin },
      payload: { confirm: true, reviews: 'keep' },
    });
    expect(own.statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/erasures',
      headers: { cookie: await sessionCookieFor(ctx.db, admin.id), ...sameOrigin },
      payload: { email: 'secret.person@example.com' },
    });
    expect(res.statusCode).toBe(200);
    await runRetention({ ...ctx.app.deps, config: { mail: { dir: '/nonexistent-dl-mail' } } });
    expect(lines.length).toBeGreaterThan(1);
    const log = lines.join('\n');
    expect(log).not.toMatch(/secret\.person|zebulon/i);
  });
});
