import type { APIRequestContext } from '@playwright/test';

interface AvailabilityAnswer {
  days: { date: string; open: boolean; slots: { start: string | null; placesLeft: number | null }[] }[];
}

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * The first day and start an activity offers from `from` on (default tomorrow) with room for
 * `people`, as its calendar shows it (docs/availability.md#the-answer): the demo's seasons and
 * editions move with the day the suite runs, so a spec books what is offered, not a fixed day.
 * `slot` is null for an activity booked by the day.
 */
export async function firstOpenStart(
  request: APIRequestContext,
  activityId: number,
  { people = 1, from = addDays(new Date().toISOString().slice(0, 10), 1) } = {},
): Promise<{ date: string; slot: string | null }> {
  // The answer covers 92 days at most; bookings reach 732 days ahead.
  for (let start = from, i = 0; i < 8; i++, start = addDays(start, 92)) {
    const to = addDays(start, 91);
    const response = await request.get(`/api/activities/${activityId}/availability?from=${start}&to=${to}`);
    if (!response.ok()) throw new Error(`availability of ${activityId}: ${response.status()} ${await response.text()}`);
    const answer = (await response.json()) as AvailabilityAnswer;
    for (const day of answer.days) {
      const slot = day.slots.find((s) => s.placesLeft === null || s.placesLeft >= people);
      if (day.open && slot) return { date: day.date, slot: slot.start };
    }
  }
  throw new Error(`activity ${activityId} offers no day with room for ${people} in the next two years`);
}
