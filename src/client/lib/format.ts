import { type Language, LOCALES } from '../../domain/languages';

/** Number and date formats of the active language (docs/product.md#dates-times-and-money). */
export function formatPrice(amount: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

/** "12,3 km": one decimal (docs/product.md#distance). */
export function formatDistance(km: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'unit',
    unit: 'kilometer',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(km);
}

export function formatRating(rating: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    rating,
  );
}

export function formatDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long' }).format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD, as bookings keep it) in words: "zaterdag 5 december 2026". */
export function formatDay(day: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
