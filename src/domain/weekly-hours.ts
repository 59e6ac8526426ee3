/**
 * Structured opening hours (docs/product.md#weekly-hours): rows of weekdays with one opening and
 * closing time each, optionally for a season that comes back every year (25 March to 31 October).
 * A day with a break at noon has two rows. No zod here: the provider's form and the detail page use
 * these rules too, and the page's structured data is made from them.
 */

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5, 6, 7];

export interface WeeklyHoursRow {
  /** ISO weekdays, Monday first, each once. */
  days: number[];
  /** HH:MM, 00:00 to 23:59. */
  opens: string;
  /** HH:MM after `opens`; 24:00 for midnight. */
  closes: string;
  /** MM-DD: the first and last day of the season, both or neither; the season may run over New Year. */
  seasonStart: string | null;
  seasonEnd: string | null;
}

/** The most rows one activity has: a summer and a winter week with a break at noon, with room to spare. */
export const WEEKLY_HOURS_MAX_ROWS = 14;

export const TIME_PATTERN = '^(?:[01]\\d|2[0-3]):[0-5]\\d$';
export const CLOSING_TIME_PATTERN = '^(?:(?:[01]\\d|2[0-3]):[0-5]\\d|24:00)$';
export const SEASON_DAY_PATTERN = '^(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$';

export interface WeeklyHoursProblem {
  /** The row and its field, as the API's error details name them: [2, 'closes']. */
  path: [number, keyof WeeklyHoursRow];
  message: string;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether MM-DD is a day that every year has (29 February is not: the season would move). */
export function isSeasonDay(value: string): boolean {
  if (!new RegExp(SEASON_DAY_PATTERN).test(value)) return false;
  const [month, day] = value.split('-').map(Number) as [number, number];
  return day <= (DAYS_IN_MONTH[month - 1] ?? 0);
}

const sameSeason = (a: WeeklyHoursRow, b: WeeklyHoursRow) =>
  a.seasonStart === b.seasonStart && a.seasonEnd === b.seasonEnd;

const isOpening = (value: string) => new RegExp(TIME_PATTERN).test(value);
const isClosing = (value: string) => new RegExp(CLOSING_TIME_PATTERN).test(value);

/** A row's own first problem: a day, times in order, a whole season of days every year has. */
function rowProblem(row: WeeklyHoursRow, index: number): WeeklyHoursProblem | null {
  if (row.days.length === 0) return { path: [index, 'days'], message: 'must have at least one day' };
  // Times that are not times yet are the schema's to name.
  if (isOpening(row.opens) && isClosing(row.closes) && row.closes <= row.opens) {
    return { path: [index, 'closes'], message: 'must be after the opening time' };
  }
  if ((row.seasonStart === null) !== (row.seasonEnd === null)) {
    const missing = row.seasonStart === null ? 'seasonStart' : 'seasonEnd';
    return { path: [index, missing], message: 'is required with the other day of the season' };
  }
  for (const field of ['seasonStart', 'seasonEnd'] as const) {
    const value = row[field];
    if (value !== null && !isSeasonDay(value)) {
      return { path: [index, field], message: 'must be a day of the year (MM-DD) that every year has' };
    }
  }
  if (row.seasonStart !== null && row.seasonStart === row.seasonEnd) {
    return { path: [index, 'seasonEnd'], message: 'must not be the first day of the season' };
  }
  return null;
}

/**
 * Everything wrong with a week's rows, a problem per row at most, in their order: a row needs a day,
 * closes after it opens, has a whole season or none, and does not overlap an earlier row of the same
 * season on a shared day. Rows of different seasons may overlap: the summer's hours replace the
 * year's. The form shows them all at once; the API names the first.
 */
export function weeklyHoursProblems(rows: readonly WeeklyHoursRow[]): WeeklyHoursProblem[] {
  const problems: WeeklyHoursProblem[] = [];
  for (const [index, row] of rows.entries()) {
    const own = rowProblem(row, index);
    if (own) {
      problems.push(own);
      continue;
    }
    const clash = rows
      .slice(0, index)
      .findIndex(
        (other) =>
          sameSeason(other, row) &&
          other.days.some((day) => row.days.includes(day)) &&
          other.opens < row.closes &&
          row.opens < other.closes,
      );
    if (clash !== -1)
      problems.push({ path: [index, 'opens'], message: `must not overlap row ${clash + 1} on the same day` });
  }
  return problems;
}

/** The first of `weeklyHoursProblems`, or null. */
export function weeklyHoursProblem(rows: readonly WeeklyHoursRow[]): WeeklyHoursProblem | null {
  return weeklyHoursProblems(rows)[0] ?? null;
}

/** Each row's days once, Monday first. */
export function normaliseDays(days: readonly number[]): number[] {
  return WEEKDAYS.filter((day) => days.includes(day));
}

/**
 * The first and last day (YYYY-MM-DD) of the season's run that is on or after `today`: the one that
 * runs, else the next. A season over New Year that started last year is still running in January.
 */
export function seasonRun(seasonStart: string, seasonEnd: string, today: string): { start: string; end: string } {
  const year = Number(today.slice(0, 4));
  const wraps = seasonEnd < seasonStart;
  for (const startYear of [year - 1, year, year + 1]) {
    const start = `${startYear}-${seasonStart}`;
    const end = `${wraps ? startYear + 1 : startYear}-${seasonEnd}`;
    if (end >= today) return { start, end };
  }
  // Not reached: the run starting next year always ends after today.
  return { start: `${year + 1}-${seasonStart}`, end: `${wraps ? year + 2 : year + 1}-${seasonEnd}` };
}

const DAY_MS = 86_400_000;
const shiftDay = (day: string, by: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + by * DAY_MS).toISOString().slice(0, 10);
const runDays = (run: { start: string; end: string }) =>
  (Date.parse(`${run.end}T00:00:00Z`) - Date.parse(`${run.start}T00:00:00Z`)) / DAY_MS + 1;

/** A season's key: its first and last day. */
export const seasonKey = (row: Pick<WeeklyHoursRow, 'seasonStart' | 'seasonEnd'>) =>
  `${row.seasonStart}/${row.seasonEnd}`;

/**
 * The days (YYYY-MM-DD, first and last) on which each season's rows hold, by `seasonKey`: the
 * season's run that goes on or comes next on `today`, less the runs of shorter seasons that lie
 * within it, whose rows replace its rows there (July and August within 25 March to 31 October give
 * 25 March to 30 June and 1 September to 31 October), and less what has passed.
 */
export function seasonDays(
  rows: readonly WeeklyHoursRow[],
  today: string,
): Map<string, { start: string; end: string }[]> {
  const seasons = new Map<string, { start: string; end: string }>();
  for (const row of rows) {
    if (row.seasonStart !== null && row.seasonEnd !== null) {
      seasons.set(seasonKey(row), { start: row.seasonStart, end: row.seasonEnd });
    }
  }
  const days = new Map<string, { start: string; end: string }[]>();
  for (const [key, season] of seasons) {
    const run = seasonRun(season.start, season.end, today);
    let pieces = [run];
    for (const [otherKey, other] of seasons) {
      if (otherKey === key) continue;
      const inner = seasonRun(other.start, other.end, run.start);
      if (inner.start < run.start || inner.end > run.end || runDays(inner) >= runDays(run)) continue;
      pieces = pieces.flatMap((piece) =>
        inner.end < piece.start || inner.start > piece.end
          ? [piece]
          : [
              { start: piece.start, end: shiftDay(inner.start, -1) },
              { start: shiftDay(inner.end, 1), end: piece.end },
            ].filter((part) => part.start <= part.end),
      );
    }
    // A part of the run that has passed is left out.
    days.set(
      key,
      pieces.filter((piece) => piece.end >= today),
    );
  }
  return days;
}

/** The rows grouped by season, the all-year rows first, each group in the order the provider gave. */
export function bySeason(rows: readonly WeeklyHoursRow[]): WeeklyHoursRow[][] {
  const groups: WeeklyHoursRow[][] = [];
  for (const row of [...rows].sort((a, b) => Number(a.seasonStart !== null) - Number(b.seasonStart !== null))) {
    const group = groups.find((g) => g[0] !== undefined && sameSeason(g[0], row));
    if (group) group.push(row);
    else groups.push([row]);
  }
  return groups;
}

/** The ISO weekday of a day (YYYY-MM-DD): 1 is Monday, 7 is Sunday. */
export function isoWeekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
}

/** Whether `day` (YYYY-MM-DD) lies in a run of the season from MM-DD `start` to MM-DD `end`, and the run's length. */
function seasonRunOf(start: string, end: string, day: string): number | null {
  const year = Number(day.slice(0, 4));
  const wraps = end < start;
  for (const startYear of wraps ? [year - 1, year] : [year]) {
    const run = { start: `${startYear}-${start}`, end: `${wraps ? startYear + 1 : startYear}-${end}` };
    if (run.start <= day && day <= run.end) return runDays(run);
  }
  return null;
}

/**
 * The rows that hold on `day`: those of the shortest season whose run holds the day (July and August
 * within 25 March to 31 October replace it there), else the all-year rows; of those, the rows for the
 * day's weekday. A season over New Year holds in January too.
 */
export function hoursOnDay(rows: readonly WeeklyHoursRow[], day: string): WeeklyHoursRow[] {
  let chosen: { key: string; length: number } | null = null;
  for (const row of rows) {
    if (row.seasonStart === null || row.seasonEnd === null) continue;
    const length = seasonRunOf(row.seasonStart, row.seasonEnd, day);
    if (length !== null && (chosen === null || length < chosen.length)) chosen = { key: seasonKey(row), length };
  }
  const weekday = isoWeekday(day);
  return rows.filter(
    (row) => row.days.includes(weekday) && (chosen === null ? row.seasonStart === null : seasonKey(row) === chosen.key),
  );
}
