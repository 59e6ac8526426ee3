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

/** A calendar day (YYYY-MM-DD, as bookings keep it) in words: "zaterdag 5 december 2026". */
export function formatDay(day: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

// Calendar days, not moments: read and written at midnight UTC, so that no time zone moves them.
const dayRange = cached((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }));

/** An event's days (YYYY-MM-DD) in words, once for a single day: "24 april – 1 mei 2027", "14 juli 2027". */
export function formatDayRange(start: string, end: string, language: Language): string {
  return dayRange(language).formatRange(new Date(`${start}T00:00:00Z`), new Date(`${end}T00:00:00Z`));
}
