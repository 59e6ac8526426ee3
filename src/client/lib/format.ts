import { TIME_ZONE } from '../../domain/dates';
import { type Language, LOCALES } from '../../domain/languages';

/**
 * A formatter made once per language and kind: making one costs far more than using it, and a page
 * of cards formats dozens of prices, distances and ratings while it hydrates.
 */
function cached<T>(make: (locale: string) => T): (language: Language) => T {
  const made = new Map<Language, T>();
  return (language) => {
    let found = made.get(language);
    if (found === undefined) made.set(language, (found = make(LOCALES[language])));
    return found;
  };
}

const wholeEuros = cached(
  (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 0 }),
);
const euros = cached(
  (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }),
);
const kilometres = cached(
  (locale) =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'kilometer',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }),
);
const oneDecimal = cached(
  (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);
// In the guide's time zone, on the server and in every browser alike: a server-rendered date hydrates unchanged.
const longDate = cached((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: TIME_ZONE }));

/** Number and date formats of the active language (docs/product.md#dates-times-and-money). */
export function formatPrice(amount: number, language: Language): string {
  return (Number.isInteger(amount) ? wholeEuros : euros)(language).format(amount);
}

/** "12,3 km": one decimal (docs/product.md#distance). */
export function formatDistance(km: number, language: Language): string {
  return kilometres(language).format(km);
}

export function formatRating(rating: number, language: Language): string {
  return oneDecimal(language).format(rating);
}

/** A moment's day in the guide's time zone (docs/product.md#dates-times-and-money). */
export function formatDate(iso: string, language: Language): string {
  return longDate(language).format(new Date(iso));
}

// Record times (an erasure, an import): the day and the hour, in the guide's time zone.
const dateAndTime = cached(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE }),
);

/** A moment with its hour, in the guide's time zone: "26 november 2026 om 13:45" (docs/product.md#dates-times-and-money). */
export function formatDateTime(iso: string, language: Language): string {
  return dateAndTime(language).format(new Date(iso));
}

const fullDay = cached((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }));

/** A calendar day (YYYY-MM-DD, as bookings keep it) in words: "zaterdag 5 december 2026". */
export function formatDay(day: string, language: Language): string {
  return fullDay(language).format(new Date(`${day}T00:00:00Z`));
}

// Calendar days, not moments: read and written at midnight UTC, so that no time zone moves them.
const dayRange = cached((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }));

/**
 * An event's days (YYYY-MM-DD) in words, once for a single day: "24 april – 1 mei 2027", "14 juli 2027".
 * Thin spaces become plain ones: Node's ICU writes "5\u2009–\u20096 December" in English where
 * Chromium's writes plain spaces, and a rendered page must hydrate to the same text (docs/rendering.md).
 */
export function formatDayRange(start: string, end: string, language: Language): string {
  return dayRange(language)
    .formatRange(new Date(`${start}T00:00:00Z`), new Date(`${end}T00:00:00Z`))
    .replace(/[\u2009\u202f]/g, ' ');
}

// 2001 is not a leap year, and 1 January 2001 was a Monday: weekday n (1 to 7) is 2001-01-0n.
const weekdayNames = cached((locale) => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }));
const dayOfYear = cached(
  (locale) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }),
);

/** A calendar day (YYYY-MM-DD) as its day and month: "14 juli". */
export function formatDayMonth(day: string, language: Language): string {
  return dayOfYear(language).format(new Date(`${day}T00:00:00Z`));
}

/** A calendar day's (YYYY-MM-DD) weekday in short: "za", "Sat". */
export function formatDayWeekday(day: string, language: Language): string {
  return weekdayNames(language).format(new Date(`${day}T00:00:00Z`));
}

/** A weekday (1 is Monday) in short: "ma", "Mon", "lun.". */
export function formatWeekday(day: number, language: Language): string {
  return weekdayNames(language).format(new Date(Date.UTC(2001, 0, day)));
}

/**
 * A row's weekdays (Monday first): three or more days in a row as a range, "ma–vr", the others
 * listed, "za, zo" (docs/product.md#weekly-hours).
 */
export function formatWeekdays(days: readonly number[], language: Language): string {
  const parts: string[] = [];
  for (let i = 0; i < days.length;) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === (days[j] ?? 0) + 1) j++;
    const first = days[i] ?? 1;
    const last = days[j] ?? first;
    if (j - i >= 2) parts.push(`${formatWeekday(first, language)}–${formatWeekday(last, language)}`);
    else for (let k = i; k <= j; k++) parts.push(formatWeekday(days[k] ?? 1, language));
    i = j + 1;
  }
  return parts.join(', ');
}

/** A yearly season's first and last day (MM-DD) in words: "25 maart – 31 oktober". */
export function formatSeason(start: string, end: string, language: Language): string {
  const day = (monthDay: string) => dayOfYear(language).format(new Date(`2001-${monthDay}T00:00:00Z`));
  return `${day(start)} – ${day(end)}`;
}

const monthNames = cached((locale) => new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }));

/** A month (1 to 12) in words: "maart". */
export function formatMonth(month: number, language: Language): string {
  return monthNames(language).format(new Date(Date.UTC(2001, month - 1, 1)));
}

const weekdayLongNames = cached((locale) => new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }));

/** A weekday (1 is Monday) in full: "maandag". */
export function formatWeekdayLong(day: number, language: Language): string {
  return weekdayLongNames(language).format(new Date(Date.UTC(2001, 0, day)));
}
