import { z } from 'zod';
import { pageQueryShape } from './pagination.js';

/**
 * The admin console's imports (docs/datatourisme.md#running-an-import): the runs with their
 * reports, and the flux URL with the time of its daily import. Shared by the API and the console.
 */

/** The longest flux URL kept. */
export const FEED_URL_MAX = 2000;
/** The daily import's default time, Europe/Paris. */
export const DEFAULT_IMPORT_TIME = '03:00';

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const feedUrl = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .max(FEED_URL_MAX, `must be at most ${FEED_URL_MAX} characters`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, 'must be an http(s) address, or empty'),
]);

/**
 * The flux URL and the daily import's time. A URL replaces the one in force (empty: no scheduled
 * import), `null` goes back to DATATOURISME_FEED_URL; the time is HH:MM, Europe/Paris.
 */
export const importSettingsBody = z.strictObject({
  feedUrl: feedUrl.nullable(),
  time: z.string().regex(TIME_PATTERN, 'must be a time such as 03:00'),
});
export type ImportSettingsInput = z.output<typeof importSettingsBody>;

export const importSettingsSchema = z.object({
  /** The flux read on schedule; null: none, no scheduled import. */
  feedUrl: z.string().nullable(),
  /** DATATOURISME_FEED_URL. */
  defaultFeedUrl: z.string().nullable(),
  /** True when the URL in force is the environment's (nothing stored). */
  isDefault: z.boolean(),
  /** HH:MM, Europe/Paris. */
  time: z.string(),
  /** The next scheduled import, when there is a URL. */
  nextRun: z.string().nullable(),
});
export type ImportSettings = z.infer<typeof importSettingsSchema>;

export const IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

const listed = z.object({ count: z.number().int(), ids: z.array(z.string()) });

/** A run's report (docs/datatourisme.md#runs-and-reports); empty while it runs. */
export const importReportSchema = z.object({
  source: z.string(),
  dryRun: z.boolean(),
  read: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  unpublished: z.number().int(),
  republished: z.number().int(),
  skipped: z.record(z.string(), listed),
  keptLocalEdits: z.record(z.string(), z.number().int()),
  photoFailures: listed,
  failure: z.string().nullable(),
});
export type ImportRunReport = z.infer<typeof importReportSchema>;

export const importRunSchema = z.object({
  id: z.number().int(),
  /** The ZIP's name, or the URL read. */
  location: z.string(),
  dryRun: z.boolean(),
  status: z.enum(IMPORT_STATUSES),
  /** Objects read so far, while it runs on the instance answering. */
  progress: z.number().int().nullable(),
  report: importReportSchema.nullable(),
  /** The admin who started it; null for the schedule and the command line. */
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;

export const importRunParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const importRunsQuery = z.strictObject(pageQueryShape);

/** The form field that says whether an upload is a dry run: "true" (the default) or "false". */
export const dryRunField = z.enum(['true', 'false']);

export const importStarted = z.object({ id: z.number().int() });
