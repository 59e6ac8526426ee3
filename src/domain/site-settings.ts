import { z } from 'zod';
import { isEmailAddress, isPhoneNumber } from './contact-rules.js';
import { RETENTION_MONTHS_MAX, RETENTION_MONTHS_MIN } from './privacy.js';

/**
 * The site's settings that admins change in the console (docs/site-settings.md): the footer's
 * contact, the name mails are sent under, and where the team's notices go. The environment gives
 * each one's default.
 */
export const SITE_SETTING_KEYS = [
  'contactEmail',
  'contactPhone',
  'senderName',
  'teamInbox',
  'dataLicence',
  'dataLicenceUrl',
  'operatorName',
  'retentionMonths',
] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];

/** The longest display name mails are sent under. */
export const SENDER_NAME_MAX = 80;
/**
 * A display name goes into the From header: plain text only. No control characters (a line break
 * would start a header of its own), no line or paragraph separators, and none of `<>"`, which
 * delimit the address and the quoted name.
 */
const SENDER_NAME_PATTERN = /^[^\p{Cc}\p{Zl}\p{Zp}<>"]+$/u;
const ADDRESS_MAX = 254;

/** The licence the open-data exports are published under (docs/site-settings.md#the-settings), by default. */
export const DEFAULT_DATA_LICENCE = 'Licence Ouverte / Etalab 2.0';
export const DEFAULT_DATA_LICENCE_URL = 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/';
export const DATA_LICENCE_MAX = 120;
/** One line of plain text: it goes into CSV cells and HTTP headers. */
export const PLAIN_LINE = /^[^\p{Cc}\p{Zl}\p{Zp}<>"]+$/u;
/** The longest operator's name the privacy page shows (docs/privacy.md). */
export const OPERATOR_NAME_MAX = 120;

const address = z.union([
  z.literal(''),
  z
    .string()
    .max(ADDRESS_MAX, `must be at most ${ADDRESS_MAX} characters`)
    .refine(isEmailAddress, 'must be an e-mail address, or empty'),
]);

/** A contact phone (the settings' and CONTACT_PHONE's): the guide's one rule (docs/api.md). */
export const contactPhone = z.string().refine(isPhoneNumber, 'must be a phone number such as +33 4 68 31 11 82');

/**
 * A change of some settings. A text replaces the value (an empty one means "none": no contact
 * e-mail or phone in the footer, no team inbox); `null` goes back to the environment's default; a
 * setting left out stays as it is.
 */
export const siteSettingsPatchBody = z.strictObject({
  contactEmail: address.nullable().optional(),
  contactPhone: z
    .union([
      z.literal(''),
      z.string().refine(isPhoneNumber, 'must be a phone number such as +33 4 68 31 11 82, or empty'),
    ])
    .nullable()
    .optional(),
  senderName: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(SENDER_NAME_MAX, `must be at most ${SENDER_NAME_MAX} characters`)
    .regex(SENDER_NAME_PATTERN, 'must be plain text, without line breaks or any of < > "')
    .nullable()
    .optional(),
  teamInbox: address.nullable().optional(),
  dataLicence: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(DATA_LICENCE_MAX, `must be at most ${DATA_LICENCE_MAX} characters`)
    .regex(PLAIN_LINE, 'must be plain text, without line breaks or any of < > "')
    .nullable()
    .optional(),
  dataLicenceUrl: z
    .string()
    .trim()
    .max(500, 'must be at most 500 characters')
    .refine((value) => /^https?:\/\/[^\s<>"]+$/.test(value) && URL.canParse(value), 'must be an http(s) address')
    .nullable()
    .optional(),
  operatorName: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(OPERATOR_NAME_MAX, `must be at most ${OPERATOR_NAME_MAX} characters`)
    .regex(PLAIN_LINE, 'must be plain text, without line breaks or any of < > "')
    .nullable()
    .optional(),
  /** A whole number of months, as a text like every setting's value (docs/privacy.md#retention). */
  retentionMonths: z
    .string()
    .trim()
    .regex(
      /^[0-9]{1,4}$/,
      `must be a whole number of months from ${RETENTION_MONTHS_MIN} to ${RETENTION_MONTHS_MAX}`,
    )
    .refine(
      (value) => Number(value) >= RETENTION_MONTHS_MIN && Number(value) <= RETENTION_MONTHS_MAX,
      `must be a whole number of months from ${RETENTION_MONTHS_MIN} to ${RETENTION_MONTHS_MAX}`,
    )
    .transform((value) => String(Number(value)))
    .nullable()
    .optional(),
});
export type SiteSettingsPatch = z.output<typeof siteSettingsPatchBody>;

const settingSchema = z.object({
  /** The value in force; null: none (nothing shown, the team's notices go to every admin). */
  value: z.string().nullable(),
  /** The environment's default. */
  default: z.string().nullable(),
  /** True when the value in force is the environment's default (nothing stored). */
  isDefault: z.boolean(),
  /** What the setting does (English). */
  description: z.string(),
});
export type SiteSetting = z.infer<typeof settingSchema>;

export const siteSettingsSchema = z.object({
  contactEmail: settingSchema,
  contactPhone: settingSchema,
  senderName: settingSchema,
  teamInbox: settingSchema,
  dataLicence: settingSchema,
  dataLicenceUrl: settingSchema,
  operatorName: settingSchema,
  retentionMonths: settingSchema,
});
export type SiteSettingsAnswer = z.infer<typeof siteSettingsSchema>;
