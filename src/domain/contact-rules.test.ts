import { describe, expect, it } from 'vitest';
import { providerApplicationBody } from './auth.js';
import { createBookingBody } from './bookings.js';
import { EMAIL_RULE, isEmailAddress, isPhoneNumber, PHONE_RULE } from './contact-rules.js';
import { updateActivityBody } from './provider-activities.js';
import { reviewBody } from './reviews.js';
import { siteSettingsPatchBody } from './site-settings.js';

const PHONES = [
  '+33 4 68 31 11 82',
  '+33 (0)4 68 31 11 82',
  '(+33) 4 68 31 11 82',
  '04.68.31.11.82',
  '04-68-31-11-82',
  '0201/123456',
  '0102030405',
  '+31 6 12345678',
  '04\u00a068\u00a031\u00a011\u00a082',
  '04\u202f68\u202f31\u202f11\u202f82',
  '123456',
];
const NOT_PHONES = [
  'call me maybe',
  '------',
  '((()))',
  '+33 4',
  '12 34 5',
  '33+4 68 31 11 82',
  '++33 4 68 31 11 82',
  '04 68 31 11 82 ext. 5',
  '04\t68 31 11 82',
  '04 68 31\n11 82',
  '0'.repeat(PHONE_RULE.maxLength + 1),
  '',
];

const EMAILS = [
  'ria@example.com',
  'Ria.de.Boer@Example.NL',
  'ria+booking@mail.example.fr',
  "o'brien@example.ie",
  'a_b-c@sub-domain.example.co.uk',
  'x@xn--mnchen-3ya.de',
  'info@example.xn--p1ai',
  `${'a'.repeat(EMAIL_RULE.localMax)}@example.com`,
];
const NOT_EMAILS = [
  'not-an-email',
  'ria@',
  '@example.com',
  'ria@example',
  'ria@example.c',
  'ria@@example.com',
  'ria@exa@mple.com',
  'ria boer@example.com',
  '.ria@example.com',
  'ria.@example.com',
  'ria..boer@example.com',
  'ria@-example.com',
  'ria@example-.com',
  'ria@example..com',
  'ria@example.com.',
  'ria@192.168.0.1',
  'jörg@example.de',
  'ria@münchen.de',
  ' ria@example.com',
  `${'a'.repeat(EMAIL_RULE.localMax + 1)}@example.com`,
  '',
];

describe('one phone rule (docs/api.md#e-mail-addresses-and-phone-numbers)', () => {
  it.each(PHONES)('takes %j', (phone) => expect(isPhoneNumber(phone)).toBe(true));
  it.each(NOT_PHONES)('refuses %j', (phone) => expect(isPhoneNumber(phone)).toBe(false));
});

describe('one e-mail rule (docs/api.md#e-mail-addresses-and-phone-numbers)', () => {
  it.each(EMAILS)('takes %j', (address) => expect(isEmailAddress(address)).toBe(true));
  it.each(NOT_EMAILS)('refuses %j', (address) => expect(isEmailAddress(address)).toBe(false));
});

describe('every schema that takes a phone or an e-mail address follows the one rule', () => {
  const booking = (fields: object) =>
    createBookingBody.safeParse({
      activityId: 1,
      customerName: 'Ria',
      customerEmail: 'ria@example.com',
      bookingDate: '2027-07-15',
      ...fields,
    }).success;
  const review = (guestEmail: string) =>
    reviewBody.safeParse({ rating: 5, comment: 'Mooi', guestName: 'Ria', guestEmail }).success;
  const application = (phone: string) => providerApplicationBody.safeParse({ company: 'Domaine', phone }).success;
  const listing = (fields: object) => updateActivityBody.safeParse(fields).success;
  const settings = (fields: object) => siteSettingsPatchBody.safeParse(fields).success;

  // Surrounding spaces aside, which the schemas trim (the settings take none).
  const emails = [...EMAILS, ...NOT_EMAILS.filter((a) => a.trim() === a && a !== '')];
  const phones = [...PHONES, ...NOT_PHONES.filter((p) => p.trim() === p && p !== '')];

  it.each(emails)('%j', (address) => {
    const expected = isEmailAddress(address);
    expect(booking({ customerEmail: address }), 'booking').toBe(expected);
    expect(review(address), 'review').toBe(expected);
    expect(listing({ contactEmail: address }), 'listing').toBe(expected);
    expect(settings({ contactEmail: address }), 'settings').toBe(expected);
  });

  it.each(phones)('%j', (phone) => {
    const expected = isPhoneNumber(phone);
    expect(booking({ customerPhone: phone }), 'booking').toBe(expected);
    expect(application(phone), 'application').toBe(expected);
    expect(listing({ contactPhone: phone }), 'listing').toBe(expected);
    expect(settings({ contactPhone: phone }), 'settings').toBe(expected);
  });
});
