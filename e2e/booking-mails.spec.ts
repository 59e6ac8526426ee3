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

interface AvailabilityAnswer {
  days: { date: string; open: boolean; slots: { start: string | null; placesLeft: number | null }[] }[];
}

/**
 * A demo activity that takes bookings and a day it is open, well after the days other specs book (up
 * to four days ahead): the invitation's round covers the week before its day, and must not mail
 * their guests.
 */
async function bookableDay(request: APIRequestContext) {
  const from = addDays(todayInParis(), 14);
  const listed = await request.get('/api/activities?bookable=true&lng=nl&limit=50');
  expect(listed.ok()).toBe(true);
  const activities = (await listed.json()) as { id: number; name: string }[];
  for (const activity of activities) {
    const res = await request.get(`/api/activities/${activity.id}/availability?from=${from}&to=${addDays(from, 60)}`);
    if (!res.ok()) continue;
    const { days } = (await res.json()) as AvailabilityAnswer;
    for (const day of days) {
      const slot = day.slots.find((s) => s.placesLeft === null || s.placesLeft >= 2);
      if (day.open && slot) return { activity, day: day.date, slot: slot.start };
    }
  }
  throw new Error('no demo activity takes bookings in the weeks ahead');
}

test.describe('booking mails', () => {
  test('the reminder and the invitation are sent by the scheduled job with a moved clock', async ({ page }) => {
    const request = page.request;
    const origin = { origin: E2E.appUrl };
    await demoLogin(page, 'admin', E2E.appUrl);
    const { activity, day, slot } = await bookableDay(request);
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
    // Confirmed at once (instant), or by an admin for the team or the provider: only confirmed bookings get them.
    if (booking.status === 'pending') {
      const confirmed = await request.post(`/api/admin/bookings/${booking.id}/confirm`, { headers: origin });
      expect(confirmed.status(), await confirmed.text()).toBe(200);
    }
    await expect
      .poll(async () => (await mailsTo(E2E.appPort, email)).map((m) => m.subject).join('\n'), { timeout: 15_000 })
      .toContain('Bevestigd:');

    // The day before at 10:00 in Limoux: the reminder, with the facts of the confirmation.
    const run = async (at: string) => {
      const res = await request.post('/api/admin/scheduled-mails/run', { headers: origin, data: { at } });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { queued: number }).queued;
    };
    expect(await run(tenInParis(addDays(day, -1)))).toBeGreaterThanOrEqual(1);
    const reminders = async () => (await mailsTo(E2E.appPort, email)).filter((m) => m.subject.startsWith('Morgen: '));
    await expect.poll(async () => (await reminders()).length, { timeout: 15_000 }).toBe(1);
    const [reminder] = await reminders();
    expect(reminder?.subject).toBe(`Morgen: ${activity.name}`);
    expect(reminder?.text).toContain('Een herinnering aan je boeking voor morgen');
    if (slot) expect(reminder?.text).toContain(`Begintijd: ${slot}`);
    expect(reminder?.text).toContain('De plek op de kaart:\nhttps://www.openstreetmap.org/?mlat=');
    expect(reminder?.text).toMatch(new RegExp(`${E2E.appUrl}/boekingen/${booking.id}/annuleren\\?token=[\\w-]+`));

    // Never twice: a second round as of the same moment queues nothing for it.
    await run(tenInParis(addDays(day, -1)));
    // The day after: the review invitation, with its signed link to the guestbook.
    expect(await run(tenInParis(addDays(day, 1)))).toBeGreaterThanOrEqual(1);
    const invitations = async () => (await mailsTo(E2E.appPort, email)).filter((m) => m.subject.startsWith('Hoe was '));
    await expect.poll(async () => (await invitations()).length, { timeout: 15_000 }).toBe(1);
    const [invitation] = await invitations();
    expect(invitation?.text).toMatch(
      new RegExp(`${E2E.appUrl}/activity/${activity.id}\\?lng=nl&token=${booking.id}\\.[\\w-]+#write-review`),
    );
    expect(await reminders()).toHaveLength(1);
  });

  test('the round at a chosen moment is for admins only', async ({ page }) => {
    const at = tenInParis(todayInParis());
    const anonymous = await page.request.post('/api/admin/scheduled-mails/run', {
      headers: { origin: E2E.appUrl },
      data: { at },
    });
    expect(anonymous.status()).toBe(401);
    await demoLogin(page, 'provider', E2E.appUrl);
    const provider = await page.request.post('/api/admin/scheduled-mails/run', {
      headers: { origin: E2E.appUrl },
      data: { at },
    });
    expect(provider.status()).toBe(403);
  });
});
