import { z } from 'zod';
import { isEmailAddress } from './contact-rules.js';
import { LANGUAGES } from './languages.js';

/**
 * Personal data and the rights over it (docs/privacy.md): what the server and the browser share
 * about downloading one's data, deleting one's account, retention and erasure on request.
 */

/** How long a mailed data link works (docs/privacy.md#download-my-data). */
export const DATA_LINK_HOURS = 24;
/** Sent mail (outbox rows and .eml files) is removed this long after it was sent (docs/privacy.md#retention). */
export const SENT_MAIL_KEEP_DAYS = 90;
/** Guests' details leave a booking this many months after its day, unless the console says otherwise. */
export const RETENTION_MONTHS_DEFAULT = 24;
export const RETENTION_MONTHS_MIN = 1;
export const RETENTION_MONTHS_MAX = 120;

/** Why an erasure was done: an admin erased an address on request, or a person deleted their account. */
export const ERASURE_KINDS = ['request', 'account'] as const;
export type ErasureKind = (typeof ERASURE_KINDS)[number];

/** What happens to one's reviews when one deletes one's account: kept under "former guest", or deleted. */
export const REVIEW_CHOICES = ['keep', 'delete'] as const;
export type ReviewChoice = (typeof REVIEW_CHOICES)[number];

const emailField = z
  .string({ error: 'is required' })
  .trim()
  .max(254, 'must be at most 254 characters')
  .refine(isEmailAddress, 'must be an e-mail address');

/** POST /api/privacy/data-requests: mail me a link to what you hold under this address. */
export const dataRequestBody = z.strictObject({
  email: emailField,
  /** The language of the mail; the page's language. */
  language: z.enum(LANGUAGES).optional(),
});

/** POST /api/privacy/data: the token of a mailed link, once. */
export const dataLinkBody = z.strictObject({
  token: z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'must be the token of a data link'),
});

/** DELETE /api/me: the confirmed deletion of one's own account. */
export const deleteAccountBody = z.strictObject({
  /** Must be true: the client asked the person to confirm. */
  confirm: z.literal(true, { error: 'must be true: the deletion must be confirmed' }),
  reviews: z.enum(REVIEW_CHOICES, { error: `must be one of ${REVIEW_CHOICES.join(', ')}` }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** POST /api/admin/erasures: erase everything tied to an address. */
export const erasureBody = z.strictObject({ email: emailField });

/** What an erasure did, told to the admin who asked; never stored (the record says who and when only). */
export const erasureResultSchema = z.object({
  accounts: z.number().int(),
  bookingsErased: z.number().int(),
  /** Bookings still to come: their guest's details are kept for the provider until the day is past. */
  bookingsKeptUntilTheirDay: z.number().int(),
  reviews: z.number().int(),
  providers: z.number().int(),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;

/** One line of the erasure record (GET /api/admin/erasures). */
export const erasureRecordSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ERASURE_KINDS),
  /** The admin who erased on request; null for a person's own account deletion (or an admin since deleted). */
  erasedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  erasedAt: z.string(),
});
export type ErasureRecord = z.infer<typeof erasureRecordSchema>;

/**
 * The downloaded file (GET /api/me/data, POST /api/privacy/data): everything tied to an account or
 * an address, each part as the guide holds it. The sections are fixed; their rows are described in
 * docs/privacy.md#download-my-data.
 */
export const personalDataSchema = z.object({
  /** The file's kind and version, for whoever reads it later. */
  format: z.literal('discoverlocal-personal-data/1'),
  exportedAt: z.string(),
  /** The address the data was found under. */
  email: z.string(),
  account: z.record(z.string(), z.unknown()).nullable(),
  provider: z.record(z.string(), z.unknown()).nullable(),
  activities: z.array(z.record(z.string(), z.unknown())),
  bookings: z.array(z.record(z.string(), z.unknown())),
  reviews: z.array(z.record(z.string(), z.unknown())),
  tagProposals: z.array(z.record(z.string(), z.unknown())),
  sponsorships: z.array(z.record(z.string(), z.unknown())),
  /** Favourites live only in the browser: the server holds none (docs/privacy.md). */
  favourites: z.literal('kept in your browser only'),
});
export type PersonalData = z.infer<typeof personalDataSchema>;
