/**
 * What's on when over 10,000 activities (docs/when.md#speed): the card status of each at one moment,
 * whether each is open at it, and whether each is open on a weekend's days, as a request would ask;
 * the first round with empty stores, then warm rounds at moments a minute apart.
 *
 *   npx tsx bench/opening.ts
 */
import { addDays } from '../src/domain/dates.js';
import { isOpenAt, isOpenDuring, statusAt, type TimedActivity, whenRange } from '../src/domain/opening.js';
import { hoursOnDay, type WeeklyHoursRow } from '../src/domain/weekly-hours.js';

const COUNT = 10_000;
const row = (
  days: number[],
  opens: string,
  closes: string,
  season: [string, string] | null = null,
): WeeklyHoursRow => ({
  days,
  opens,
  closes,
  seasonStart: season?.[0] ?? null,
  seasonEnd: season?.[1] ?? null,
});

/** Half without times, a third with weekly rows (seasons, breaks, markets), the rest events. */
function activityNumber(i: number): TimedActivity {
  const kind = i % 6;
  if (kind <= 2) return { category: 'uitjes', weeklyHours: null, eventStart: null, eventEnd: null };
  if (kind === 3) {
    return {
      category: 'viewpoints',
      weeklyHours: [
        row([1, 2, 3, 4, 5], '10:00', '12:00', ['03-25', '10-31']),
        row([1, 2, 3, 4, 5], '14:00', '18:00', ['03-25', '10-31']),
        row([1, 2, 3, 4, 5, 6, 7], '10:00', '19:00', ['07-01', '08-31']),
        row([6, 7], '10:00', '16:00', ['11-01', '03-24']),
      ],
      eventStart: null,
      eventEnd: null,
    };
  }
  if (kind === 4) {
    return {
      category: 'markten',
      weeklyHours: [row([(i % 7) + 1], '07:30', '12:30')],
      eventStart: null,
      eventEnd: null,
    };
  }
  const start = addDays('2026-06-01', i % 300);
  return { category: 'feesten', weeklyHours: null, eventStart: start, eventEnd: addDays(start, i % 20) };
}

const activities = Array.from({ length: COUNT }, (_, i) => activityNumber(i));
const time = (work: () => void) => {
  const start = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const round = (now: Date) => {
  let open = 0;
  const weekend = whenRange('weekend', now) ?? [];
  for (const activity of activities) {
    statusAt(activity, now);
    if (isOpenAt(activity, now) === 'open') open++;
    isOpenDuring(activity, weekend);
  }
  return open;
};

const first = new Date('2026-07-15T08:00:00Z');
console.info(`cold round (status, open now, weekend) over ${COUNT}: ${time(() => round(first)).toFixed(1)} ms`);
const warm: number[] = [];
for (let m = 1; m <= 50; m++) warm.push(time(() => round(new Date(first.getTime() + m * 60_000))));
warm.sort((a, b) => a - b);
console.info(`warm rounds: median ${warm[25]?.toFixed(1)} ms, worst ${warm.at(-1)?.toFixed(1)} ms`);
// For scale: the day's rows chosen afresh for every activity, no store.
const day = '2026-07-15';
const plain = time(() => {
  for (const activity of activities) if (activity.weeklyHours) hoursOnDay(activity.weeklyHours, day);
});
console.info(`hoursOnDay alone, no store, over ${COUNT}: ${plain.toFixed(1)} ms`);
// A new day: every activity's hours computed once more, the code already warm.
const nextWeek = new Date(first.getTime() + 7 * 86_400_000);
console.info(`round on a day not asked before: ${time(() => round(nextWeek)).toFixed(1)} ms`);
