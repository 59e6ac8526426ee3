/**
 * The calendar feeds' writer (docs/when.md#the-agenda-and-the-calendar-feeds): iCalendar (RFC 5545)
 * of events and market days. Not the `ics` package, which the booking mail uses: it writes times in
 * UTC or floating and no TZID, and a weekly market at 08:00 written in UTC moves by an hour at each
 * change of the clocks. Here a market's days are a weekly RRULE on Limoux's clock (TZID
 * Europe/Paris, with its VTIMEZONE), the days its rows leave out as EXDATE.
 */
import { parisInstant } from '../../../domain/availability.js';
import { addDays, TIME_ZONE } from '../../../domain/dates.js';
import { isoWeekday } from '../../../domain/weekly-hours.js';
import { calendarText } from '../mail/templates.js';

/** One event of a calendar, as the feeds make them. */
export type CalendarEvent = {
  uid: string;
  summary: string;
  location: string;
  geo: { lat: number; lon: number };
  url: string;
  /** When the activity last changed (LAST-MODIFIED). */
  modified: Date;
} & (
  | { kind: 'all-day'; start: string; end: string }
  | {
      kind: 'weekly';
      /** The days it is held, in order: the first is DTSTART, the last bounds the RRULE. */
      days: string[];
      opens: string;
      /** HH:MM, 24:00 for midnight at the day's end. */
      closes: string;
    }
);

/** Europe/Paris since 1996: summer time from the last Sunday of March, 02:00, to the last Sunday of October, 03:00. */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

const ICAL_DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** A TEXT value (RFC 5545 3.3.11): control characters folded to a space, then `\ ; ,` and new lines escaped. */
export function icalText(text: string): string {
  return calendarText(text).replace(/[\\;,]/g, (c) => `\\${c}`);
}

/** A content line folded at 75 octets (RFC 5545 3.1), never inside a character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation line starts with a space, so 74 more.
    if (size + bytes > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compactDay = (day: string) => day.replaceAll('-', '');
const utcStamp = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
/** A local time of Limoux: 24:00 is 00:00 the next day. */
const localTime = (day: string, time: string) =>
  time === '24:00' ? `${compactDay(addDays(day, 1))}T000000` : `${compactDay(day)}T${time.replace(':', '')}00`;

function eventLines(event: CalendarEvent, stamp: string): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${event.uid}`, `DTSTAMP:${stamp}`, `LAST-MODIFIED:${utcStamp(event.modified)}`];
  if (event.kind === 'all-day') {
    // A date's end is the day after the last (RFC 5545 3.6.1).
    lines.push(
      `DTSTART;VALUE=DATE:${compactDay(event.start)}`,
      `DTEND;VALUE=DATE:${compactDay(addDays(event.end, 1))}`,
    );
  } else {
    const first = event.days[0];
    const last = event.days.at(-1);
    if (first === undefined || last === undefined) throw new Error('a weekly event needs a day');
    lines.push(
      `DTSTART;TZID=${TIME_ZONE}:${localTime(first, event.opens)}`,
      `DTEND;TZID=${TIME_ZONE}:${localTime(first, event.closes)}`,
    );
    if (event.days.length > 1) {
      const weekdays = [...new Set(event.days.map(isoWeekday))].sort((a, b) => a - b);
      // UNTIL is in UTC when DTSTART has a time zone (RFC 5545 3.3.10): the last day's start.
      const until = utcStamp(parisInstant(last, event.opens));
      lines.push(`RRULE:FREQ=WEEKLY;BYDAY=${weekdays.map((d) => ICAL_DAYS[d - 1]).join(',')};UNTIL=${until}`);
      const held = new Set(event.days);
      const skipped: string[] = [];
      for (let day = first; day <= last; day = addDays(day, 1)) {
        if (weekdays.includes(isoWeekday(day)) && !held.has(day)) skipped.push(day);
      }
      if (skipped.length > 0)
        lines.push(`EXDATE;TZID=${TIME_ZONE}:${skipped.map((day) => localTime(day, event.opens)).join(',')}`);
    }
  }
  lines.push(
    `SUMMARY:${icalText(event.summary)}`,
    `LOCATION:${icalText(event.location)}`,
    `GEO:${event.geo.lat.toFixed(6)};${event.geo.lon.toFixed(6)}`,
    `URL;VALUE=URI:${event.url}`,
    'STATUS:CONFIRMED',
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  );
  return lines;
}

/**
 * A whole calendar: its name, how often a subscribed calendar should look again (RFC 7986's
 * REFRESH-INTERVAL, and X-PUBLISHED-TTL for the programs that read only that), the time zone and
 * the events. Lines end in CRLF and are folded.
 */
export function calendarFile(name: string, events: readonly CalendarEvent[], now: Date): string {
  const stamp = utcStamp(now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//DiscoverLocal//Agenda//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${icalText(name)}`,
    `X-WR-CALNAME:${icalText(name)}`,
    `X-WR-TIMEZONE:${TIME_ZONE}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
    ...VTIMEZONE,
    ...events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
