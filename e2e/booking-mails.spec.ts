import type { APIRequestContext } from '@playwright/test';
import { demoLogin, expect, test } from './fixtures';
import { mailsTo } from './support/mails';
import { E2E } from './support/ports';

/**
 * Issue 29: the mails a booking's day calls for (docs/mail.md#scheduled-mails). The e2e servers run on
 * the real clock, so the test runs the scheduled job's round as of a chosen moment through the admin
 * endpoint that only SCHEDULED_MAILS_ENDPOINT=true registers (docs/mail.md#running-a-round-at-a-chosen-moment).
 */

const DAY_MS = 86_400_000;
/** Today in Limoux, YYYY-MM-DD. */
const todayInParis = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** 10:00 on `day` in Limoux, with the day's offset (+01:00 in winter, +02:00 in summer). */
const tenInParis = (day: string) => {
  const name =
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', timeZoneName: 'longOffset' })
      .formatToParts(new Date(`${day}T12:00:00Z`))
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT+01:00';
  return `${day}T10:00:00${name.replace('GMT', '') || '+00:00'}`;
};

/** The second server: its own listings do not show up in the main server's counting specs. */
const SERVER = { url: E2E.offlineUrl, port: E2E.offlinePort };

/**
 * A listing of the guide's own, made by an admin through the API: instant, one slot, no cancel limit
 * (the demo's listings all have one, so the reminder would not carry the cancel link), and a day
 * well after the days other specs book: the invitation's round covers the week before its day, and
 * must not mail their guests. Paused at the end of the test.
 */
async function ownListing(request: APIRequestContext) {
  const origin = { origin: SERVER.url };
  const name = `Herinneringstocht ${Date.now()}`;
  const created = await request.post('/api/admin/activities', {
    headers: origin,
    data: {
      name,
      description: 'Een ochtend op de Aude, om te testen wat de gast de dag ervoor krijgt.',
      language: 'nl',
      category: 'sport',
      city: 'Limoux',
      latitude: 43.0547,
      longitude: 2.2186,
      price: 15,
      bookingRequired: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const settings = await request.put(`/api/provider/activities/${id}/availability`, {
    headers: origin,
    data: { slots: ['10:00'], durationMinutes: 120, confirmation: 'instant' },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  return { activity: { id, name }, day: addDays(todayInParis(), 21), slot: '10:00' };
}

test.describe('booking mails', () => {
  test.use({ baseURL: SERVER.url });

  test('the reminder and the invitation are sent by the scheduled job with a moved clock', async ({ page }) => {
    const request = page.request;
    const origin = { origin: SERVER.url };
    await demoLogin(page, 'admin', SERVER.url);
    const { activity, day, slot } = await ownListing(request);
    const email = `reminder-${Date.now()}@example.com`;

    const booked = await request.post('/api/bookings', {
      headers: origin,
      data: {
        activityId: activity.id,
        customerName: 'Noor de Vries',
        customerEmail: email,
        numberOfPeople: 2,
        bookingDate: day,
        ...(slot ? { slot } : {}),
        language: 'nl',
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const booking = (await booked.json()) as { id: number; status: string };
    // Confirmed at once (instant): only confirmed bookings get them.
    expect(booking.status).toBe('confirmed');
    await expect
      .poll(async () => (await mailsTo(SERVER.port, email)).map((m) => m.subject).join('\n'), { timeout: 15_000 })
      .toContain('Bevestigd:');

    // The day before at 10:00 in Limoux: the reminder, with the facts of the confirmation.
    const run = async (at: string) => {
      const res = await request.post('/api/admin/scheduled-mails/run', { headers: origin, data: { at } });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { queued: number }).queued;
    };
    expect(await run(tenInParis(addDays(day, -1)))).toBeGreaterThanOrEqual(1);
    const reminders = async () => (await mailsTo(SERVER.port, email)).filter((m) => m.subject.startsWith('Morgen: '));
    await expect.poll(async () => (await reminders()).length, { timeout: 15_000 }).toBe(1);
    const [reminder] = await reminders();
    expect(reminder?.subject).toBe(`Morgen: ${activity.name}`);
    expect(reminder?.text).toContain('Een herinnering aan je boeking voor morgen');
    expect(reminder?.text).toContain(`Begintijd: ${slot}`);
    expect(reminder?.text).toContain('De plek op de kaart:\nhttps://www.openstreetmap.org/?mlat=');
    expect(reminder?.text).toMatch(new RegExp(`${SERVER.url}/boekingen/${booking.id}/annuleren\\?token=[\\w-]+`));

    // Never twice: a second round as of the same moment queues nothing for it.
    await run(tenInParis(addDays(day, -1)));
    // The day after: the review invitation, with its signed link to the guestbook.
    expect(await run(tenInParis(addDays(day, 1)))).toBeGreaterThanOrEqual(1);
    const invitations = async () => (await mailsTo(SERVER.port, email)).filter((m) => m.subject.startsWith('Hoe was '));
    await expect.poll(async () => (await invitations()).length, { timeout: 15_000 }).toBe(1);
    const [invitation] = await invitations();
    expect(invitation?.text).toMatch(
      new RegExp(`${SERVER.url}/activity/${activity.id}\\?lng=nl&token=${booking.id}\\.[\\w-]+#write-review`),
    );
    expect(await reminders()).toHaveLength(1);
    const paused = await request.post(`/api/admin/activities/${activity.id}/pause`, { headers: origin });
    expect(paused.status()).toBe(200);
  });

  test('the round at a chosen moment is for admins only', async ({ page }) => {
    const at = tenInParis(todayInParis());
    const anonymous = await page.request.post('/api/admin/scheduled-mails/run', {
      headers: { origin: SERVER.url },
      data: { at },
    });
    expect(anonymous.status()).toBe(401);
    await demoLogin(page, 'provider', SERVER.url);
    const provider = await page.request.post('/api/admin/scheduled-mails/run', {
      headers: { origin: SERVER.url },
      data: { at },
    });
    expect(provider.status()).toBe(403);
  });
});
