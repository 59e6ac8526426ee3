import { describe, expect, it } from 'vitest';
import { parisInstant } from '../../../domain/availability.js';
import { LANGUAGES } from '../../../domain/languages.js';
import {
  bookingCalendar,
  bookingCancelledByProviderMail,
  bookingConfirmedMail,
  bookingReceivedMail,
  bookingReminderMail,
  dataLinkMail,
  formatDuration,
  mapUrl,
  newBookingMail,
} from './templates.js';
import { bookingFacts, openingHoursFacts, slotFacts } from './test-facts.js';

const SITE = 'https://guide.example';
const CANCEL = `${SITE}/boekingen/41/annuleren?token=abc`;
const PROVIDER = { kind: 'provider', name: 'Aude Rafting' } as const;
const TEAM = { kind: 'team' } as const;

/** The calendar file's lines as a calendar program reads them: CRLF ends a line, a leading space or tab continues it. */
const unfold = (ics: string) =>
  ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);

/** One content line of RFC 5545 (3.1): a name, its parameters, a value. */
const contentLine = (line: string) => {
  const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=[^;:]*)*):(.*)$/.exec(line);
  if (!match) throw new Error(`not a content line: ${JSON.stringify(line)}`);
  return { name: match[1] ?? '', params: match[2] ?? '', value: match[3] ?? '' };
};

/** RFC 5545 3.3.6's dur-value: "P1DT" (what the file said before) is not one. */
const DURATION_VALUE =
  /^[+-]?P(?:\d+W|\d+D(?:T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))?|T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))$/;

/**
 * The event of a calendar file, checked against RFC 5545's grammar: content lines only, one
 * VEVENT with UID, DTSTAMP and DTSTART, a date or a date-time as the value type says, never both
 * DTEND and DURATION, and an all-day end a later date.
 */
function event(ics: string) {
  expect(ics.endsWith('\r\n')).toBe(true);
  const lines = unfold(ics).map(contentLine);
  expect(lines[0]).toMatchObject({ name: 'BEGIN', value: 'VCALENDAR' });
  expect(lines.at(-1)).toMatchObject({ name: 'END', value: 'VCALENDAR' });
  expect(lines.filter((l) => l.name === 'BEGIN' && l.value === 'VEVENT')).toHaveLength(1);
  const props = new Map(lines.map((l) => [l.name, l]));
  for (const name of ['VERSION', 'PRODID', 'UID', 'DTSTAMP', 'DTSTART']) expect(props.has(name), name).toBe(true);
  const start = props.get('DTSTART');
  const end = props.get('DTEND');
  const duration = props.get('DURATION');
  expect(end && duration, 'DTEND and DURATION together').toBeFalsy();
  const allDay = start?.params === ';VALUE=DATE';
  for (const time of [start, end]) {
    if (!time) continue;
    if (allDay) {
      expect(time.params).toBe(';VALUE=DATE');
      expect(time.value).toMatch(/^\d{8}$/);
    } else {
      expect(time.params).toBe('');
      expect(time.value).toMatch(/^\d{8}T\d{6}Z$/);
    }
  }
  if (duration) expect(duration.value).toMatch(DURATION_VALUE);
  if (allDay) {
    expect(duration).toBeUndefined();
    expect(Number(end?.value)).toBeGreaterThan(Number(start?.value));
  }
  return { start, end, duration, summary: props.get('SUMMARY')?.value, location: props.get('LOCATION')?.value };
}

const utc = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

describe('the calendar file of a confirmed booking (docs/mail.md#the-calendar-file)', () => {
  it('has a slot start at its time in Limoux, written in UTC, and lasts the slot’s duration', () => {
    // Winter: Limoux is UTC+1; summer: UTC+2.
    const winter = event(bookingCalendar(slotFacts({ bookingDate: '2026-12-05' }), SITE));
    expect(winter.start?.value).toBe('20261205T090000Z');
    expect(winter.start?.value).toBe(utc(parisInstant('2026-12-05', '10:00')));
    expect(winter.duration?.value).toBe('PT1H30M');
    const summer = event(bookingCalendar(slotFacts({ bookingDate: '2026-07-04', durationMinutes: 120 }), SITE));
    expect(summer.start?.value).toBe('20260704T080000Z');
    expect(summer.duration?.value).toBe('PT2H');
    const short = event(bookingCalendar(slotFacts({ slot: '18:15', startTime: '18:15', durationMinutes: 45 }), SITE));
    expect(short.start?.value).toBe('20261205T171500Z');
    expect(short.duration?.value).toBe('PT45M');
  });

  it('has a day booking start at the day’s opening, and end at its closing when nothing says how long', () => {
    const open = event(bookingCalendar(openingHoursFacts(), SITE));
    expect(open.start?.value).toBe('20261205T090000Z');
    expect(open.end?.value).toBe('20261205T170000Z');
    expect(open.duration).toBeUndefined();
    const timed = event(bookingCalendar(openingHoursFacts({ durationMinutes: 180 }), SITE));
    expect(timed.duration?.value).toBe('PT3H');
    expect(timed.end).toBeUndefined();
  });

  it('is a whole day without a start time: DTSTART;VALUE=DATE and DTEND;VALUE=DATE the next day, no DURATION', () => {
    const day = event(bookingCalendar(bookingFacts(), SITE));
    expect(day.start?.value).toBe('20261205');
    expect(day.end?.value).toBe('20261206');
    const newYear = event(bookingCalendar(bookingFacts({ bookingDate: '2026-12-31' }), SITE));
    expect(newYear.end?.value).toBe('20270101');
    // Even with a duration but no start, the event is the day (a duration needs a start time).
    const noStart = event(bookingCalendar(bookingFacts({ durationMinutes: 60 }), SITE));
    expect(noStart.start?.value).toBe('20261205');
    expect(noStart.duration).toBeUndefined();
  });
});

describe('the calendar file’s text (docs/security.md#calendar-files)', () => {
  it('folds every control character of the name and the address to a space, so no field starts a new line', () => {
    const ics = bookingCalendar(
      bookingFacts(
        {},
        {
          name: 'Cave\rX-INJECTED:1\u0000 tour\u0007\u001b[2J',
          address: 'Rue\r\nBEGIN:VALARM\u000b1',
          city: 'Limoux\u0085\u0009Aude',
        },
      ),
      SITE,
    );
    // A CR or LF only where the format puts one (every line ends in CRLF), and no other control character
    // than the tab that continues a folded line.
    expect(ics.replace(/\r\n\t?/g, '')).not.toMatch(/\p{Cc}/u);
    const parsed = event(ics);
    expect(parsed.summary).toBe('Cave X-INJECTED:1 tour [2J');
    expect(parsed.location).toBe('Rue BEGIN:VALARM 1\\, Limoux Aude');
    expect(unfold(ics).filter((line) => /^(X-INJECTED|BEGIN:VALARM)/.test(line))).toEqual([]);
  });

  it('keeps ordinary text as it is', () => {
    const parsed = event(bookingCalendar(bookingFacts({}, { name: 'Raften in de kloven', address: null }), SITE));
    expect(parsed.summary).toBe('Raften in de kloven');
    expect(parsed.location).toBe('Limoux');
  });
});

describe('the confirmation (docs/mail.md#the-mails)', () => {
  it('tells the date, start, duration, address, whom to call, the map and the cancel link', () => {
    const mail = bookingConfirmedMail(slotFacts({ phone: '+33 4 68 31 11 82' }), 'en', PROVIDER, CANCEL, SITE);
    expect(mail.subject).toBe('Confirmed: Rafting on Saturday, 5 December 2026');
    expect(mail.text).toContain('Good news: Aude Rafting has confirmed your booking.');
    expect(mail.text).toContain('Date: Saturday, 5 December 2026\nStart time: 10:00\nDuration: 1 hour, 30 minutes');
    expect(mail.text).toContain('Address: Quai 1, Limoux');
    expect(mail.text).toContain('Any questions? You can reach Aude Rafting by phone: +33 4 68 31 11 82');
    expect(mail.text).toContain(
      'The place on the map:\nhttps://www.openstreetmap.org/?mlat=43.05&mlon=2.21#map=16/43.05/2.21',
    );
    expect(mail.text).toContain(`If you can no longer come, please cancel here:\n${CANCEL}`);
    expect(mail.html).toContain('<a href="https://www.openstreetmap.org/?mlat=43.05&amp;mlon=2.21#map=16/43.05/2.21">');
    expect(mail.attachments?.map((a) => a.filename)).toEqual(['booking.ics']);
  });

  it('at once (instant): says the booking is confirmed without naming anyone who confirmed it', () => {
    for (const by of [PROVIDER, TEAM]) {
      const mail = bookingConfirmedMail(slotFacts(), 'en', by, CANCEL, SITE, true);
      expect(mail.text).toContain('Good news: your booking is confirmed. The attached calendar file');
      expect(mail.text).not.toMatch(/has confirmed/);
      // The first mail to an address nobody proved says what to do when it was not them.
      expect(mail.text).toContain('Did you not make this request?');
    }
    const proved = bookingConfirmedMail(slotFacts({ guestAddressProved: true }), 'en', PROVIDER, CANCEL, SITE, true);
    expect(proved.text).not.toContain('Did you not make this request?');
    expect(proved.text.startsWith('Hello Sanne,')).toBe(true);
  });

  it('names the team’s phone when the team answers, and no phone line when there is none', () => {
    const team = bookingConfirmedMail(bookingFacts({ phone: '+33 4 68 00 11 22' }), 'en', TEAM, CANCEL, SITE);
    expect(team.text).toContain('You can reach the DiscoverLocal team by phone: +33 4 68 00 11 22');
    const none = bookingConfirmedMail(bookingFacts(), 'en', PROVIDER, CANCEL, SITE);
    expect(none.text).not.toContain('by phone');
  });

  it('shows a day booking’s opening hours, and the provider’s cancel limit when they set one', () => {
    const until = parisInstant('2026-12-04', '10:00');
    const mail = bookingConfirmedMail(openingHoursFacts({ cancelUntil: until }), 'en', PROVIDER, CANCEL, SITE);
    expect(mail.text).toContain('Opening hours: 10:00–12:00, 14:00–18:00');
    expect(mail.text).not.toContain('Start time');
    expect(mail.text).toContain(
      `If you can no longer come, please cancel here (possible until Friday, 4 December 2026 at 10:00):\n${CANCEL}`,
    );
  });

  it('leaves out the time lines when nothing says when it starts', () => {
    const mail = bookingConfirmedMail(bookingFacts(), 'en', PROVIDER, CANCEL, SITE);
    expect(mail.text).not.toMatch(/Start time|Opening hours|Duration/);
  });
});

describe('the other booking mails', () => {
  it('the received mail shows the date and the start', () => {
    const mail = bookingReceivedMail(slotFacts(), 'nl', PROVIDER, CANCEL, SITE);
    expect(mail.text).toContain('Datum: zaterdag 5 december 2026\nBegintijd: 10:00\nDuur: 1 uur en 30 minuten');
  });

  it('the provider’s mail says whether the booking waits for an answer or is confirmed already, with the slot', () => {
    const to = { email: 'julie@example.com', name: 'Julie' };
    const request = newBookingMail(slotFacts(), to, 'fr', SITE);
    expect(request.subject).toBe('Nouvelle demande de réservation : Rafting le samedi 5 décembre 2026');
    expect(request.text).toContain('La demande attend votre réponse.');
    expect(request.text).toContain('Heure de début: 10:00');
    expect(request.text).toContain(
      `Confirmez ou refusez la demande sur votre page des réservations :\n${SITE}/provider/bookings`,
    );
    const instant = newBookingMail(slotFacts(), to, 'fr', SITE, false, true);
    expect(instant.subject).toBe('Nouvelle réservation : Rafting le samedi 5 décembre 2026');
    expect(instant.text).toContain('cette réservation est confirmée');
    expect(instant.text).not.toContain('Confirmez ou refusez');
    const team = newBookingMail(slotFacts(), to, 'en', SITE, true, true);
    expect(team.text).toContain(`The team looks after this booking`);
    expect(team.text).toContain(`${SITE}/admin/bookings`);
  });

  it('the provider’s cancellation says who cancelled, their message, and where to book another day', () => {
    const mail = bookingCancelledByProviderMail(slotFacts(), 'en', PROVIDER, 'The river is too high.', SITE);
    expect(mail.subject).toBe('Cancelled: Rafting on Saturday, 5 December 2026');
    expect(mail.text).toContain(
      'Unfortunately Aude Rafting has had to cancel your booking of Rafting on Saturday, 5 December 2026. We are sorry.',
    );
    expect(mail.text).toContain('Message from Aude Rafting:\nThe river is too high.');
    expect(mail.text).toContain(`You can book again on the activity’s page:\n${SITE}/activity/7?lng=en`);
    const team = bookingCancelledByProviderMail(slotFacts(), 'de', TEAM, null, SITE);
    expect(team.text).toContain('Leider musste das DiscoverLocal-Team Ihre Buchung');
    expect(team.text).not.toContain('Nachricht');
  });

  it('the reminder tells tomorrow’s facts, with the cancel link only while cancelling is allowed', () => {
    const facts = slotFacts({ phone: '+33 4 68 31 11 82' });
    const mail = bookingReminderMail(facts, 'en', PROVIDER, CANCEL, SITE);
    expect(mail.subject).toBe('Tomorrow: Rafting');
    expect(mail.text).toContain('A reminder of your booking for tomorrow, Saturday, 5 December 2026: Rafting.');
    expect(mail.text).toContain('Start time: 10:00');
    expect(mail.text).toContain('Address: Quai 1, Limoux');
    expect(mail.text).toContain('+33 4 68 31 11 82');
    expect(mail.text).toContain(mapUrl(facts.activity));
    expect(mail.text).toContain(CANCEL);
    const late = bookingReminderMail(facts, 'en', PROVIDER, null, SITE);
    expect(late.text).not.toContain('/annuleren');
    expect(late.text).toContain(
      'can no longer be cancelled on the site. If you cannot come after all, please let Aude Rafting know.',
    );
  });

  it('every mail is written in the five languages, every placeholder filled', () => {
    const to = { email: 'julie@example.com', name: 'Julie' };
    const facts = slotFacts({ phone: '+33 4 68 31 11 82', cancelUntil: parisInstant('2026-12-04', '10:00') });
    for (const language of LANGUAGES) {
      const subjects = new Set<string>();
      for (const by of [PROVIDER, TEAM]) {
        const made = [
          bookingReceivedMail(facts, language, by, CANCEL, SITE),
          bookingConfirmedMail(facts, language, by, CANCEL, SITE),
          bookingConfirmedMail(facts, language, by, CANCEL, SITE, true),
          bookingReminderMail(facts, language, by, CANCEL, SITE),
          bookingReminderMail(facts, language, by, null, SITE),
          bookingCancelledByProviderMail(facts, language, by, 'Sorry', SITE),
          newBookingMail(facts, to, language, SITE, by.kind === 'team', true),
          newBookingMail(facts, to, language, SITE, by.kind === 'team', false),
        ];
        for (const mail of made) {
          expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/\{\{|\}\}/);
          expect(mail.html).toContain(`lang="${language}"`);
          subjects.add(mail.subject);
        }
      }
      // Six kinds of subject: received, confirmed, reminder, cancelled, and the provider's two.
      expect(subjects.size, language).toBe(6);
    }
  });

  it('tells a duration in words', () => {
    expect(formatDuration(45, 'en')).toBe('45 minutes');
    expect(formatDuration(60, 'de')).toBe('1 Stunde');
    expect(formatDuration(150, 'nl')).toBe('2 uur en 30 minuten');
  });
});

describe('the data link (docs/privacy.md#download-my-data)', () => {
  it('names nobody, gives the link, says it works once within the hours and who may ignore it, in every language', () => {
    const link = `${SITE}/privacy/data/abcdefghijklmnopqrstuvwxyz`;
    for (const language of LANGUAGES) {
      const mail = dataLinkMail('guest@example.com', language, link, SITE, 24);
      expect(mail.to).toBe('guest@example.com');
      expect(mail.text, language).toContain(link);
      expect(mail.html, language).toContain(`href="${link}"`);
      expect(mail.text, language).toContain('24');
      expect(mail.text, language).not.toMatch(/\{\{|\}\}/);
      expect(mail.text, language).toContain(SITE);
    }
    const en = dataLinkMail('guest@example.com', 'en', link, SITE, 24);
    expect(en.subject).toBe('Your data on DiscoverLocal');
    expect(en.text).toMatch(/^Hello,\n/);
    expect(en.text).toContain('It works once, within 24 hours.');
    expect(en.text).toContain('Did you not ask for this? Then you can ignore this e-mail');
    expect(en.text).toContain('because someone asked on DiscoverLocal');
  });
});
