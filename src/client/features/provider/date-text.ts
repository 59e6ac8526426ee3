import { isIsoDate } from '../../../domain/dates';

const pad = (n: string) => n.padStart(2, '0');

/**
 * A day as typed in a date field (docs/availability.md#what-a-provider-sets): YYYY-MM-DD, as the
 * API writes it, or day first as the five languages write it (1-7-2027, 01/07/2027, 1.7.2027).
 * Answers YYYY-MM-DD, or the text as typed (trimmed) when it is no day, for the schema to refuse.
 */
export function dayOfText(text: string): string {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : dayFirst
      ? [dayFirst[3], dayFirst[2], dayFirst[1]]
      : [undefined, undefined, undefined];
  if (!year || !month || !day) return value;
  const found = `${year}-${pad(month)}-${pad(day)}`;
  return isIsoDate(found) ? found : value;
}

/** Whether the text is a day `dayOfText` reads. */
export const isDayText = (text: string) => isIsoDate(dayOfText(text));

/**
 * A start time as typed: HH:MM on the 24-hour clock, as the API takes it; "9:30", "9.30", "930"
 * and "14" are read too. Answers HH:MM, or the text as typed (trimmed) when it is no time.
 */
export function timeOfText(text: string): string {
  const value = text.trim();
  const found = /^(\d{1,2})(?:[:.hu]?(\d{2}))?$/.exec(value);
  if (!found) return value;
  const hours = Number(found[1]);
  const minutes = Number(found[2] ?? '0');
  if (hours > 23 || minutes > 59) return value;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
