import { randomUUID } from 'node:crypto';
import { createEvent, type DateTime, type DurationObject, type EventAttributes } from 'ics';
import type { AnsweredBy } from '../../../domain/activities.js';
import { parisInstant } from '../../../domain/availability.js';
import { addDays, TIME_ZONE } from '../../../domain/dates.js';
import { type Language, LOCALES } from '../../../domain/languages.js';
import { toEuros } from '../../../domain/money.js';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };
import type { MailMessage } from './mailer.js';

/** The texts of every mail, per language (kept in step by the translation test). */
export const TEXTS: Record<Language, typeof en> = { nl, en, fr, de, es };
export type Texts = typeof en;

/** `{{name}}` placeholders filled in (values are plain text here; HTML escapes them later). */
export function fill(template: string, values: Record<string, string> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** What every booking mail tells. */
export interface BookingFacts {
  id: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  numberOfPeople: number;
  bookingDate: string;
  totalAmountCents: number;
  priceKnown: boolean;
  notes: string | null;
  /**
   * Whether the guest's address is known to be theirs: booked logged in, with that address
   * verified by the identity provider. Anyone can type any address into the form, so a mail
   * to an address nobody proved repeats nothing the booker wrote: no name, no notes
   * (docs/mail.md#what-a-guest-mail-repeats).
   */
  guestAddressProved: boolean;
  /** The slot booked (HH:MM in Limoux); null for a booking of the whole day. */
  slot: string | null;
  /**
   * When it starts (HH:MM in Limoux): the slot, else the day's opening by the weekly hours
   * (`startTime` in src/domain/availability.ts); null when nothing says.
   */
  startTime: string | null;
  /** A day booking's opening hours on the day, by the weekly hours ([] without): the guest comes while it is open. */
  openingHours: { opens: string; closes: string }[];
  /** How long it lasts (the availability's `durationMinutes`), null when the provider did not say. */
  durationMinutes: number | null;
  /**
   * Until when the guest may cancel it on the site when the provider set a limit (`cancelUntilHours`
   * above 0, docs/availability.md#cancelling); null: until it starts, nothing to add.
   */
  cancelUntil: Date | null;
  /**
   * The phone of whoever answers it (docs/product.md#who-answers): the activity's contact phone when
   * its provider does, the site settings' contact phone when the team does; null when there is none.
   */
  phone: string | null;
  activity: {
    id: number;
    name: string;
    address: string | null;
    city: string;
    latitude: number;
    longitude: number;
  };
}

export function formatDay(day: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A day and time in Limoux, as the guest reads it ("Friday, 4 December 2026 at 10:00"). */
export function formatMoment(instant: Date, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(instant);
}

/** A length of time in words ("1 hour, 30 minutes"), by the platform's units and lists. */
export function formatDuration(minutes: number, language: Language): string {
  const locale = LOCALES[language];
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const parts = [
    ...(minutes >= 60 ? [unit(Math.floor(minutes / 60), 'hour')] : []),
    ...(minutes % 60 > 0 ? [unit(minutes % 60, 'minute')] : []),
  ];
  return new Intl.ListFormat(locale, { type: 'unit', style: 'long' }).format(parts);
}

function formatTotal(facts: BookingFacts, language: Language, texts: Texts): string {
  if (!facts.priceKnown) return texts.noPrice;
  if (facts.totalAmountCents === 0) return texts.free;
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR' }).format(
    toEuros(facts.totalAmountCents),
  );
}

/** The activity's place on OpenStreetMap, with a marker (docs/mail.md#the-mails). */
export const mapUrl = (activity: Pick<BookingFacts['activity'], 'latitude' | 'longitude'>) => {
  const { latitude: lat, longitude: lon } = activity;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
};

export interface Section {
  /** Paragraphs of text. */
  paragraphs: string[];
  /** Links, each with the sentence that leads to it, after the summary. */
  links?: { lead: string; url: string }[];
  /** Label / value lines. */
  summary: [string, string][];
}

/** Plain text and simple HTML of one mail, from the same parts; a greeting without a name for null. */
export function compose(
  language: Language,
  greetingName: string | null,
  section: Section,
  site: string,
  /**
   * Why the recipient gets it: a booking (the default), their account, it is the team's inbox
   * (docs/mail.md#notices), or someone asked for the data held under the address (docs/privacy.md#download-my-data).
   */
  reason: 'booking' | 'account' | 'team' | 'request' = 'booking',
) {
  const texts = TEXTS[language];
  const greeting = greetingName === null ? texts.greetingWithoutName : fill(texts.greeting, { name: greetingName });
  const footer = fill(
    { booking: texts.footer, account: texts.accountFooter, team: texts.teamFooter, request: texts.requestFooter }[
      reason
    ],
    { site },
  );
  const links = section.links ?? [];
  const text = [
    greeting,
    '',
    ...section.paragraphs.flatMap((p) => [p, '']),
    ...section.summary.map(([label, value]) => `${label}: ${value}`),
    '',
    ...links.flatMap((link) => [link.lead, link.url, '']),
    texts.signoff,
    '',
    '--',
    footer,
  ].join('\n');
  const rows = section.summary
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value).replaceAll('\n', '<br>')}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;color:#2b2420">
<p>${escapeHtml(greeting)}</p>
${section.paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`).join('\n')}
<table role="presentation">${rows}</table>
${links.map((link) => `<p>${escapeHtml(link.lead)}<br><a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a></p>`).join('\n')}
<p>${escapeHtml(texts.signoff).replaceAll('\n', '<br>')}</p>
<p style="color:#7a6e66;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`;
  return { text, html };
}

/** What a summary shows besides the booking: the guest's contact (the provider's mails), the place (the guest's confirmation and reminder). */
interface SummaryParts {
  contact?: boolean;
  place?: boolean;
}

/** The time lines: a slot's start, or a day booking's opening hours; the duration when known. */
function timeLines(facts: BookingFacts, language: Language): [string, string][] {
  const t = TEXTS[language].summary;
  const lines: [string, string][] = [];
  if (facts.slot !== null) lines.push([t.start, facts.slot]);
  else if (facts.openingHours.length > 0) {
    lines.push([t.openingHours, facts.openingHours.map((h) => `${h.opens}–${h.closes}`).join(', ')]);
  } else if (facts.startTime !== null) lines.push([t.start, facts.startTime]);
  if (facts.durationMinutes !== null) lines.push([t.duration, formatDuration(facts.durationMinutes, language)]);
  return lines;
}

/** The booking's lines; the guest's contact only for the provider, their notes only where the booker may read them. */
function summary(facts: BookingFacts, language: Language, { contact = false, place = false }: SummaryParts = {}) {
  const t = TEXTS[language].summary;
  const lines: [string, string][] = [
    [t.reference, `#${facts.id}`],
    [t.activity, facts.activity.name],
    [t.date, formatDay(facts.bookingDate, language)],
    ...timeLines(facts, language),
    [t.people, String(facts.numberOfPeople)],
    [t.total, formatTotal(facts, language, TEXTS[language])],
  ];
  if (place) lines.push([t.address, [facts.activity.address, facts.activity.city].filter(Boolean).join(', ')]);
  if (contact) {
    lines.push([t.name, facts.customerName], [t.email, facts.customerEmail]);
    if (facts.customerPhone) lines.push([t.phone, facts.customerPhone]);
  }
  if (facts.notes && (contact || facts.guestAddressProved)) lines.push([t.notes, facts.notes]);
  return lines;
}

/** How a guest mail greets: by the name given only when the address is the booker's own. */
const guestName = (facts: BookingFacts) => (facts.guestAddressProved ? facts.customerName : null);

export function messageId(publicUrl: string): string {
  return `<${randomUUID()}@${new URL(publicUrl).hostname}>`;
}

function mail(
  to: string,
  subject: string,
  body: { text: string; html: string },
  publicUrl: string,
  attachments?: MailMessage['attachments'],
): MailMessage {
  return { to, subject, ...body, messageId: messageId(publicUrl), ...(attachments ? { attachments } : {}) };
}

/** What subjects and intros may name; a guest's mail names the guest only where `guestName` does. */
const subjectValues = (facts: BookingFacts, language: Language, name: string | null = facts.customerName) => ({
  activity: facts.activity.name,
  date: formatDay(facts.bookingDate, language),
  ...(name === null ? {} : { name }),
});

/**
 * A text that names who answers a booking (docs/product.md#who-answers): the provider's variant with
 * their name, or the team's.
 */
const byWhom = (by: AnsweredBy, provider: string, team: string, values: Record<string, string> = {}) =>
  by.kind === 'provider' ? fill(provider, { ...values, provider: by.name }) : fill(team, values);

/** Whom the guest calls with a question, when there is a phone to call. */
const phoneParagraph = (facts: BookingFacts, language: Language, by: AnsweredBy) => {
  const t = TEXTS[language].practical;
  return facts.phone ? [byWhom(by, t.phone, t.phoneTeam, { phone: facts.phone })] : [];
};

/** The place on the map, for the mails that tell the guest where to go. */
const mapLink = (facts: BookingFacts, language: Language) => ({
  lead: TEXTS[language].practical.map,
  url: mapUrl(facts.activity),
});

/** The lead of a cancel link, with the provider's limit when they set one. */
const cancelLead = (facts: BookingFacts, language: Language, lead: string, leadUntil: string) =>
  facts.cancelUntil ? fill(leadUntil, { until: formatMoment(facts.cancelUntil, language) }) : lead;

/** To the guest when they book: who answers, the summary, the total and the cancel link. */
export function bookingReceivedMail(
  facts: BookingFacts,
  language: Language,
  by: AnsweredBy,
  cancelUrl: string,
  publicUrl: string,
) {
  const t = TEXTS[language];
  const intro = byWhom(by, t.received.intro, t.received.introTeam);
  const body = compose(
    language,
    guestName(facts),
    {
      // Someone may have typed another person's address: they can undo it.
      paragraphs: facts.guestAddressProved ? [intro] : [intro, t.received.notYou],
      summary: summary(facts, language),
      links: [{ lead: t.received.cancel, url: cancelUrl }],
    },
    publicUrl,
  );
  return mail(
    facts.customerEmail,
    fill(t.received.subject, subjectValues(facts, language, guestName(facts))),
    body,
    publicUrl,
  );
}

/**
 * To the provider on a new booking, with the guest's contact and a link to their bookings; to the
 * team (`forTeam`) when nobody else answers it, with a link to the admins' inbox. `instant`: the
 * activity confirms bookings at once, so the mail tells of a confirmed booking, not a request.
 * `facts` name the activity in the recipient's language (docs/mail.md#language).
 */
export function newBookingMail(
  facts: BookingFacts,
  to: { email: string; name: string | null },
  language: Language,
  publicUrl: string,
  forTeam = false,
  instant = false,
) {
  const t = TEXTS[language].newBooking;
  const values = subjectValues(facts, language);
  const lead = instant ? (forTeam ? t.actionTeamInstant : t.actionInstant) : forTeam ? t.actionTeam : t.action;
  const body = compose(
    language,
    to.name,
    {
      paragraphs: [fill(instant ? t.introInstant : t.intro, values)],
      summary: summary(facts, language, { contact: true }),
      links: [{ lead, url: forTeam ? `${publicUrl}/admin/bookings` : `${publicUrl}/provider/bookings` }],
    },
    publicUrl,
  );
  return mail(to.email, fill(instant ? t.subjectInstant : t.subject, values), body, publicUrl);
}

/**
 * Text for a calendar field, every run of control characters folded to one space: `ics` escapes
 * only CRLF and LF, so a lone CR (or any other control character) in an approved name or address
 * reached SUMMARY or LOCATION as it was, where a calendar program may read it as a new line
 * (docs/security.md#calendar-files).
 */
export const calendarText = (text: string) =>
  text
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

const dateArray = (day: string) => day.split('-').map(Number) as [number, number, number];

/**
 * When the calendar event is (docs/mail.md#the-calendar-file): from its start in Limoux, given in UTC
 * (the `ics` package writes no TZID), for its duration, else until the day's closing; without a start
 * time, the whole day (DTSTART;VALUE=DATE and DTEND;VALUE=DATE the next day, RFC 5545 3.6.1).
 */
function calendarTiming(facts: BookingFacts): { start: DateTime; end?: DateTime; duration?: DurationObject } {
  if (facts.startTime === null) {
    return { start: dateArray(facts.bookingDate), end: dateArray(addDays(facts.bookingDate, 1)) };
  }
  const start = parisInstant(facts.bookingDate, facts.startTime).getTime();
  if (facts.durationMinutes !== null && facts.durationMinutes > 0) {
    const minutes = facts.durationMinutes;
    return { start, duration: { hours: Math.floor(minutes / 60), minutes: minutes % 60 } };
  }
  const closes =
    facts.slot === null
      ? facts.openingHours
          .map((h) => h.closes)
          .sort()
          .at(-1)
      : undefined;
  const end = closes ? parisInstant(facts.bookingDate, closes).getTime() : null;
  // Nothing says how long: a start alone is an event that ends as it starts (RFC 5545 3.6.1).
  return end !== null && end > start ? { start, end } : { start };
}

/** The booking as one calendar event at the activity's place. */
export function bookingCalendar(facts: BookingFacts, publicUrl: string): string {
  const { error, value } = createEvent({
    uid: `booking-${facts.id}@${new URL(publicUrl).hostname}`,
    ...calendarTiming(facts),
    title: calendarText(facts.activity.name),
    location: calendarText([facts.activity.address, facts.activity.city].filter(Boolean).join(', ')),
    geo: { lat: facts.activity.latitude, lon: facts.activity.longitude },
    url: `${publicUrl}/activity/${facts.activity.id}`,
    status: 'CONFIRMED',
    productId: 'DiscoverLocal',
    // The types ask for an end or a duration; a start alone is valid too (see calendarTiming).
  } as EventAttributes);
  if (error || !value) throw new Error(`calendar event could not be made: ${String(error)}`);
  return value;
}

/**
 * To the guest when their booking is confirmed, with the booking as a calendar file: by the provider
 * (or the team, `by`) who answered it, or at once (`instant`) when the activity confirms bookings
 * itself; then it names nobody as having confirmed it, and, being the first mail, says what to do
 * when someone else gave the address. With the start, the duration, the place, a phone to call, the
 * map and the cancel link (docs/mail.md#the-mails).
 */
export function bookingConfirmedMail(
  facts: BookingFacts,
  language: Language,
  by: AnsweredBy,
  cancelUrl: string,
  publicUrl: string,
  instant = false,
) {
  const t = TEXTS[language];
  const intro = instant ? t.confirmed.introInstant : byWhom(by, t.confirmed.intro, t.confirmed.introTeam);
  const body = compose(
    language,
    guestName(facts),
    {
      paragraphs: [
        intro,
        ...(instant && !facts.guestAddressProved ? [t.received.notYou] : []),
        ...phoneParagraph(facts, language, by),
      ],
      summary: summary(facts, language, { place: true }),
      links: [
        mapLink(facts, language),
        { lead: cancelLead(facts, language, t.confirmed.cancel, t.confirmed.cancelUntil), url: cancelUrl },
      ],
    },
    publicUrl,
  );
  return mail(
    facts.customerEmail,
    fill(t.confirmed.subject, subjectValues(facts, language, guestName(facts))),
    body,
    publicUrl,
    [
      {
        filename: 'booking.ics',
        content: bookingCalendar(facts, publicUrl),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  );
}

/**
 * To the guest the day before a confirmed booking (docs/mail.md#scheduled-mails): the same facts as
 * the confirmation; the cancel link while the guest may still cancel (`cancelUrl` null after the
 * limit: then whom to tell instead).
 */
export function bookingReminderMail(
  facts: BookingFacts,
  language: Language,
  by: AnsweredBy,
  cancelUrl: string | null,
  publicUrl: string,
) {
  const t = TEXTS[language];
  const values = subjectValues(facts, language, guestName(facts));
  const body = compose(
    language,
    guestName(facts),
    {
      paragraphs: [
        fill(t.reminder.intro, values),
        ...phoneParagraph(facts, language, by),
        ...(cancelUrl === null ? [byWhom(by, t.reminder.tooLate, t.reminder.tooLateTeam)] : []),
      ],
      summary: summary(facts, language, { place: true }),
      links: [
        mapLink(facts, language),
        ...(cancelUrl === null
          ? []
          : [{ lead: cancelLead(facts, language, t.reminder.cancel, t.reminder.cancelUntil), url: cancelUrl }]),
      ],
    },
    publicUrl,
  );
  return mail(facts.customerEmail, fill(t.reminder.subject, values), body, publicUrl);
}

/** To the guest when the provider (or the team, `by`) declines, with their message when there is one. */
export function bookingDeclinedMail(
  facts: BookingFacts,
  language: Language,
  by: AnsweredBy,
  message: string | null,
  publicUrl: string,
) {
  const t = TEXTS[language];
  const from = byWhom(by, t.declined.message, t.declined.messageTeam);
  const paragraphs = [t.declined.intro, ...(message ? [`${from}\n${message}`] : [])];
  const body = compose(language, guestName(facts), { paragraphs, summary: summary(facts, language) }, publicUrl);
  return mail(
    facts.customerEmail,
    fill(t.declined.subject, subjectValues(facts, language, guestName(facts))),
    body,
    publicUrl,
  );
}

/** To the guest when the booking is cancelled (by them or for them). */
export function bookingCancelledMail(facts: BookingFacts, language: Language, publicUrl: string) {
  const t = TEXTS[language];
  const body = compose(
    language,
    guestName(facts),
    { paragraphs: [t.cancelled.intro], summary: summary(facts, language) },
    publicUrl,
  );
  return mail(
    facts.customerEmail,
    fill(t.cancelled.subject, subjectValues(facts, language, guestName(facts))),
    body,
    publicUrl,
  );
}

/**
 * To the guest when the provider (or the team, `by`) cancels a booking, with their message when there
 * is one (docs/availability.md#changing-availability): who cancelled, that we are sorry, and where to
 * book another day.
 */
export function bookingCancelledByProviderMail(
  facts: BookingFacts,
  language: Language,
  by: AnsweredBy,
  message: string | null,
  publicUrl: string,
) {
  const t = TEXTS[language];
  const values = subjectValues(facts, language, guestName(facts));
  const from = byWhom(by, t.declined.message, t.declined.messageTeam);
  const paragraphs = [
    byWhom(by, t.cancelledByProvider.intro, t.cancelledByProvider.introTeam, values),
    ...(message ? [`${from}\n${message}`] : []),
  ];
  const body = compose(
    language,
    guestName(facts),
    {
      paragraphs,
      summary: summary(facts, language),
      links: [
        {
          lead: t.cancelledByProvider.bookAgain,
          url: `${publicUrl}/activity/${facts.activity.id}?lng=${language}`,
        },
      ],
    },
    publicUrl,
  );
  return mail(facts.customerEmail, fill(t.cancelledByProvider.subject, values), body, publicUrl);
}

/** To the provider when the guest cancels. */
export function bookingCancelledForProviderMail(
  facts: BookingFacts,
  to: { email: string; name: string | null },
  language: Language,
  publicUrl: string,
) {
  const t = TEXTS[language];
  const body = compose(
    language,
    to.name,
    {
      paragraphs: [fill(t.cancelledForProvider.intro, subjectValues(facts, language))],
      summary: summary(facts, language, { contact: true }),
    },
    publicUrl,
  );
  return mail(to.email, fill(t.cancelledForProvider.subject, subjectValues(facts, language)), body, publicUrl);
}

/**
 * To the guest the day after a confirmed booking (docs/mail.md#scheduled-mails): how was it, with
 * the signed link that ties their review to the booking, and the last day the link works.
 */
export function reviewInvitationMail(
  facts: BookingFacts,
  language: Language,
  reviewUrl: string,
  validUntil: string,
  publicUrl: string,
) {
  const t = TEXTS[language];
  const values = subjectValues(facts, language);
  const body = compose(
    language,
    guestName(facts),
    {
      paragraphs: [fill(t.reviewInvitation.intro, values), t.reviewInvitation.verified],
      summary: [
        [t.summary.reference, `#${facts.id}`],
        [t.summary.activity, facts.activity.name],
        [t.summary.date, formatDay(facts.bookingDate, language)],
      ],
      links: [{ lead: fill(t.reviewInvitation.action, { until: formatDay(validUntil, language) }), url: reviewUrl }],
    },
    publicUrl,
  );
  return mail(facts.customerEmail, fill(t.reviewInvitation.subject, values), body, publicUrl);
}

/**
 * To an address someone asked about (docs/privacy.md#download-my-data): the link to download what the
 * guide holds under it, which works once within DATA_LINK_HOURS. Names nobody: whoever asked typed
 * the address, and it may not be theirs; the mail says to ignore it then.
 */
export function dataLinkMail(to: string, language: Language, linkUrl: string, publicUrl: string, hours: number) {
  const t = TEXTS[language].dataLink;
  const body = compose(
    language,
    null,
    {
      paragraphs: [t.intro, fill(t.once, { hours: String(hours) }), t.notYou],
      summary: [],
      links: [{ lead: t.action, url: linkUrl }],
    },
    publicUrl,
    'request',
  );
  return mail(to, t.subject, body, publicUrl);
}
