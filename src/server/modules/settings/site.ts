import type { AppConfig } from '../../deps.js';

/** The site's settings that the team changes in the console (docs/site-settings.md). */
export interface SiteSettingValues {
  /** Shown in the footer; null: not shown. */
  contactEmail: string | null;
  contactPhone: string | null;
  /** The display name mails are sent under. */
  senderName: string;
  /** Where notices to the team go (someone applied, a booking nobody else answers); null: every admin account. */
  teamInbox: string | null;
}

export interface SiteSettings {
  /** The settings as they are now. */
  current(): Promise<SiteSettingValues>;
}

/** The defaults, from the environment (CONTACT_EMAIL, CONTACT_PHONE). */
export function settingsDefaults(config: Pick<AppConfig, 'contact'>): SiteSettingValues {
  return {
    contactEmail: config.contact.email,
    contactPhone: config.contact.phone,
    senderName: 'DiscoverLocal',
    teamInbox: config.contact.email,
  };
}

/** Settings that are the environment's defaults and never change. */
export function fixedSiteSettings(config: Pick<AppConfig, 'contact'>): SiteSettings {
  const values = settingsDefaults(config);
  return { current: async () => values };
}
