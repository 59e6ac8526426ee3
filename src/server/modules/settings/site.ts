import type { FastifyBaseLogger } from 'fastify';
import { BRAND } from '../../../domain/brand.js';
import { RETENTION_MONTHS_DEFAULT, RETENTION_MONTHS_MAX, RETENTION_MONTHS_MIN } from '../../../domain/privacy.js';
import { DEFAULT_DATA_LICENCE, DEFAULT_DATA_LICENCE_URL, type SiteSettingKey } from '../../../domain/site-settings.js';
import type { Database } from '../../db/client.js';
import type { AppConfig } from '../../deps.js';
import { parseSender } from '../mail/mailer.js';
import { readStored } from './repository.js';

/** The site's settings that the team changes in the console (docs/site-settings.md). */
export interface SiteSettingValues {
  /** Shown in the footer; null: not shown. */
  contactEmail: string | null;
  contactPhone: string | null;
  /** The display name mails are sent under. */
  senderName: string;
  /** Where notices to the team go (someone applied, a booking nobody else answers); null: every admin account. */
  teamInbox: string | null;
  /** The licence the open-data exports are published under, and its address (docs/site-settings.md). */
  dataLicence: string;
  dataLicenceUrl: string;
  /** Who runs the guide, named on the privacy page (docs/privacy.md). */
  operatorName: string;
  /** Months after a booking's day its guest's details are erased (docs/privacy.md#retention). */
  retentionMonths: number;
}

export interface SiteSettings {
  /** The settings as they are now: a copy in memory, never a query (docs/site-settings.md#every-instance). */
  current(): Promise<SiteSettingValues>;
  /** Reads the stored settings again now (after a change this instance made: its next read shows it). */
  refresh(): Promise<void>;
}

/** The channel admin_settings' trigger notifies (src/server/db/migrations/0018_site_settings_notify.sql). */
export const SITE_SETTINGS_CHANNEL = 'site_settings';
/** A change that cannot be read (the database is down) is tried again after this long. */
const RETRY_MS = 1000;

/**
 * The defaults, from the environment: the contact from CONTACT_EMAIL and CONTACT_PHONE, the team
 * inbox CONTACT_EMAIL, the sender's name MAIL_FROM's display name (else the brand's name), the
 * operator's name OPERATOR_NAME (else the sender's name), the retention period 24 months.
 */
export function settingsDefaults(config: Pick<AppConfig, 'contact' | 'mail' | 'operatorName'>): SiteSettingValues {
  const senderName = parseSender(config.mail.from).name ?? BRAND.name;
  return {
    contactEmail: config.contact.email,
    contactPhone: config.contact.phone,
    senderName,
    teamInbox: config.contact.email,
    dataLicence: DEFAULT_DATA_LICENCE,
    dataLicenceUrl: DEFAULT_DATA_LICENCE_URL,
    operatorName: config.operatorName ?? senderName,
    retentionMonths: RETENTION_MONTHS_DEFAULT,
  };
}

/** A stored retention period, if it is one (a value written by hand in psql may not be): else the default's. */
function monthsOf(stored: string | undefined, fallback: number): number {
  if (stored === undefined || !/^\s*[0-9]{1,4}\s*$/.test(stored)) return fallback;
  const months = Number(stored);
  return months >= RETENTION_MONTHS_MIN && months <= RETENTION_MONTHS_MAX ? months : fallback;
}

/**
 * The values in force: a stored value replaces the default; an empty one means none (for the
 * sender's name, which cannot be empty, the default).
 */
export function resolveSettings(
  defaults: SiteSettingValues,
  stored: Partial<Record<SiteSettingKey, string>>,
): SiteSettingValues {
  const pick = (key: 'contactEmail' | 'contactPhone' | 'teamInbox') => {
    const value = stored[key];
    return value === undefined ? defaults[key] : value === '' ? null : value;
  };
  return {
    contactEmail: pick('contactEmail'),
    contactPhone: pick('contactPhone'),
    senderName: stored.senderName || defaults.senderName,
    teamInbox: pick('teamInbox'),
    dataLicence: stored.dataLicence || defaults.dataLicence,
    dataLicenceUrl: stored.dataLicenceUrl || defaults.dataLicenceUrl,
    operatorName: stored.operatorName || defaults.operatorName,
    retentionMonths: monthsOf(stored.retentionMonths, defaults.retentionMonths),
  };
}

/**
 * The settings from admin_settings over the environment's defaults, kept in memory and read again
 * whenever the table changes, whichever instance (or command) changed it: admin_settings' trigger
 * NOTIFYs `site_settings` (docs/site-settings.md#every-instance), as the read model learns of its
 * changes (docs/read-model.md#keeping-it-current).
 */
export class StoredSiteSettings implements SiteSettings {
  private values: SiteSettingValues;
  /** Reads started and the latest whose result is in force: a read started earlier never overwrites a later one. */
  private started = 0;
  private shown = 0;
  private reading: Promise<void> | null = null;
  private again = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly defaults: SiteSettingValues,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.values = defaults;
  }

  /** Listens first, then reads: no change can fall between the two. */
  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      SITE_SETTINGS_CHANNEL,
      () => this.changed(),
      // The listening connection was lost and made again: a change may have been missed.
      () => this.changed(),
    );
    await this.refresh();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    await this.stopListening?.().catch(() => undefined);
  }

  current(): Promise<SiteSettingValues> {
    return Promise.resolve(this.values);
  }

  async refresh(): Promise<void> {
    const read = ++this.started;
    const stored = await readStored(this.database.db);
    if (read > this.shown) {
      this.shown = read;
      this.values = resolveSettings(this.defaults, stored);
    }
  }

  /** A notification: read again, once at a time; notifications during a read make one more. */
  private changed(): void {
    if (this.closed) return;
    if (this.reading || this.retryTimer) {
      this.again = true;
      return;
    }
    this.again = false;
    this.reading = this.refresh()
      .catch((error: unknown) => {
        // The database is down: keep the settings in force and try again.
        this.log.warn({ err: error }, 'site settings: a change could not be read; trying again');
        this.again = true;
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined;
          this.changed();
        }, RETRY_MS);
        this.retryTimer.unref();
      })
      .finally(() => {
        this.reading = null;
        if (this.again && !this.retryTimer) this.changed();
      });
  }
}
