import { randomUUID } from 'node:crypto';
import { createEvent } from 'ics';
import type { AnsweredBy } from '../../../domain/activities.js';
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

function formatTotal(facts: BookingFacts, language: Language, texts: Texts): string {
  if (!facts.priceKnown) return texts.noPrice;
  if (facts.totalAmountCents === 0) return texts.free;
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR' }).format(
    toEuros(facts.totalAmountCents),
  );
}

export interface Section {
  /** Paragraphs of text. */
  paragraphs: string[];
  /** A link with the sentence that leads to it. */
  link?: { lead: string; url: string };
  /** Label / value lines. */
  summary: [string, string][];
}

/** Plain text and simple HTML of one mail, from the same parts; a greeting without a name for null. */
export function compose(
  language: Language,
  greetingName: string | null,
  section: Section,
  site: string,
  /** Why the recipient gets it: a booking (the default), their account, or it is the team's inbox (docs/mail.md#notices). */
  reason: 'booking' | 'account' | 'team' = 'booking',
) {
  const texts = TEXTS[language];
  const greeting = greetingName === null ? texts.greetingWithoutName : fill(texts.greeting, { name: greetingName });
  const footer = fill({ booking: texts.footer, account: texts.accountFooter, team: texts.teamFooter }[reason], {
    site,
  });
  const text = [
    greeting,
    '',
    ...section.paragraphs.flatMap((p) => [p, '']),
    ...section.summary.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(section.link ? [section.link.lead, section.link.url, ''] : []),
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
${section.link ? `<p>${escapeHtml(section.link.lead)}<br><a href="${escapeHtml(section.link.url)}">${escapeHtml(section.link.url)}</a></p>` : ''}
<p>${escapeHtml(texts.signoff).replaceAll('\n', '<br>')}</p>
<p style="color:#7a6e66;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`;
  return { text, html };
}

/** The booking's lines; the guest's contact only for the provider, their notes only where the booker may read them. */
function summary(facts: BookingFacts, language: Language, withContact: boolean): [string, string][] {
  const t = TEXTS[language].summary;
  const lines: [string, string][] = [
    [t.reference, `#${facts.id}`],
    [t.activity, facts.activity.name],
    [t.date, formatDay(facts.bookingDate, language)],
    [t.people, String(facts.numberOfPeople)],
    [t.total, formatTotal(facts, language, TEXTS[language])],
  ];
  if (withContact) {
    lines.push([t.name, facts.customerName], [t.email, facts.customerEmail]);
    if (facts.customerPhone) lines.push([t.phone, facts.customerPhone]);
  }
  if (facts.notes && (withContact || facts.guestAddressProved)) lines.push([t.notes, facts.notes]);
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
const byWhom = (by: AnsweredBy, provider: string, team: string) =>
  by.kind === 'provider' ? fill(provider, { provider: by.name }) : team;

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
      summary: summary(facts, language, false),
      link: { lead: t.received.cancel, url: cancelUrl },
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
 * team (`forTeam`) when nobody else answers it, with a link to the admins' inbox.
 */
export function newBookingMail(
  facts: BookingFacts,
  to: { email: string; name: string | null },
  language: Language,
  publicUrl: string,
  forTeam = false,
) {
  const t = TEXTS[language];
  const body = compose(
    language,
    to.name,
    {
      paragraphs: [fill(t.newBooking.intro, subjectValues(facts, language))],
      summary: summary(facts, language, true),
      link: forTeam
        ? { lead: t.newBooking.actionTeam, url: `${publicUrl}/admin/bookings` }
        : { lead: t.newBooking.action, url: `${publicUrl}/provider/bookings` },
    },
    publicUrl,
  );
  return mail(to.email, fill(t.newBooking.subject, subjectValues(facts, language)), body, publicUrl);
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

/** An all-day event on the booked day, at the activity's place. */
export function bookingCalendar(facts: BookingFacts, publicUrl: string): string {
  const [year, month, day] = facts.bookingDate.split('-').map(Number) as [number, number, number];
  const { error, value } = createEvent({
    uid: `booking-${facts.id}@${new URL(publicUrl).hostname}`,
    start: [year, month, day],
    duration: { days: 1 },
    title: calendarText(facts.activity.name),
    location: calendarText([facts.activity.address, facts.activity.city].filter(Boolean).join(', ')),
    geo: { lat: facts.activity.latitude, lon: facts.activity.longitude },
    url: `${publicUrl}/activity/${facts.activity.id}`,
    status: 'CONFIRMED',
    productId: 'DiscoverLocal',
  });
  if (error || !value) throw new Error(`calendar event could not be made: ${String(error)}`);
  return value;
}

/** To the guest when the provider (or the team, `by`) confirms, with the booking as a calendar file. */
export function bookingConfirmedMail(
  facts: BookingFacts,
  language: Language,
  by: AnsweredBy,
  cancelUrl: string,
  publicUrl: string,
) {
  const t = TEXTS[language];
  const body = compose(
    language,
    guestName(facts),
    {
      paragraphs: [byWhom(by, t.confirmed.intro, t.confirmed.introTeam)],
      summary: summary(facts, language, false),
      link: { lead: t.confirmed.cancel, url: cancelUrl },
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
  const body = compose(language, guestName(facts), { paragraphs, summary: summary(facts, language, false) }, publicUrl);
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
    { paragraphs: [t.cancelled.intro], summary: summary(facts, language, false) },
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
 * To the guest when the provider (or the team, `by`) cancels a booking it had accepted, with their
 * message when there is one (docs/availability.md#changing-availability).
 */
export function bookingCancelledByProviderMail(
  facts: BookingFacts,
  language: Language,
  by: AnsweredBy,
  message: string | null,
  publicUrl: string,
) {
  const t = TEXTS[language];
  const from = byWhom(by, t.declined.message, t.declined.messageTeam);
  const paragraphs = [t.cancelled.byProvider, ...(message ? [`${from}\n${message}`] : [])];
  const body = compose(language, guestName(facts), { paragraphs, summary: summary(facts, language, false) }, publicUrl);
  return mail(
    facts.customerEmail,
    fill(t.cancelled.subject, subjectValues(facts, language, guestName(facts))),
    body,
    publicUrl,
  );
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
      summary: summary(facts, language, true),
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
      link: { lead: fill(t.reviewInvitation.action, { until: formatDay(validUntil, language) }), url: reviewUrl },
    },
    publicUrl,
  );
  return mail(facts.customerEmail, fill(t.reviewInvitation.subject, values), body, publicUrl);
}
