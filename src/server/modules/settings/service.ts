import {
  SITE_SETTING_KEYS,
  type SiteSettingKey,
  type SiteSettingsAnswer,
  type SiteSettingsPatch,
} from '../../../domain/site-settings.js';
import type { Deps } from '../../deps.js';
import * as repo from './repository.js';
import { resolveSettings, settingsDefaults } from './site.js';

/** What each setting does; also written into its admin_settings row. */
export const SETTING_DESCRIPTIONS: Record<SiteSettingKey, string> = {
  contactEmail: 'The e-mail address shown in the footer of every page; empty: none shown.',
  contactPhone: 'The phone number shown in the footer of every page; empty: none shown.',
  senderName: 'The name mails are sent under (the From header); the address stays MAIL_FROM’s.',
  teamInbox:
    'Where notices for the team go (someone applied as a provider, and the like); empty: to every admin account.',
  dataLicence: 'The licence the open-data exports (/api/export/…) are published under.',
  dataLicenceUrl: 'The address of the licence text, given with every export.',
  operatorName: 'Who runs the guide, as the privacy page names them (the controller of the personal data).',
  retentionMonths:
    'Months after a booking’s day its guest’s name, e-mail address, phone and notes are erased (a whole number from 1 to 120).',
};

/** Settings that cannot be none: an empty stored value means the default. */
const NEVER_EMPTY = new Set<SiteSettingKey>([
  'senderName',
  'dataLicence',
  'dataLicenceUrl',
  'operatorName',
  'retentionMonths',
]);

/** The settings as the console shows them: each one's value in force, its default and whether it is the default. */
export async function getSettings(deps: Pick<Deps, 'db' | 'config'>): Promise<SiteSettingsAnswer> {
  const defaults = settingsDefaults(deps.config);
  const stored = await repo.readStored(deps.db);
  const values = resolveSettings(defaults, stored);
  const text = (value: string | number | null) => (typeof value === 'number' ? String(value) : value);
  const entry = (key: SiteSettingKey) => ({
    value: text(values[key]),
    default: text(defaults[key]),
    isDefault: stored[key] === undefined || (NEVER_EMPTY.has(key) && stored[key] === ''),
    description: SETTING_DESCRIPTIONS[key],
  });
  return {
    contactEmail: entry('contactEmail'),
    contactPhone: entry('contactPhone'),
    senderName: entry('senderName'),
    teamInbox: entry('teamInbox'),
    dataLicence: entry('dataLicence'),
    dataLicenceUrl: entry('dataLicenceUrl'),
    operatorName: entry('operatorName'),
    retentionMonths: entry('retentionMonths'),
  };
}

/**
 * Changes the settings given, in one transaction (the body is checked before: bad input writes
 * nothing); null goes back to the default. This instance reads them again before it answers; the
 * others when the database tells them (docs/site-settings.md#every-instance).
 */
export async function updateSettings(
  deps: Pick<Deps, 'db' | 'config' | 'clock' | 'site'>,
  patch: SiteSettingsPatch,
): Promise<SiteSettingsAnswer> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    for (const key of SITE_SETTING_KEYS) {
      const value = patch[key];
      if (value === undefined) continue;
      if (value === null) await repo.removeSetting(tx, key);
      else await repo.writeSetting(tx, key, value, SETTING_DESCRIPTIONS[key], now);
    }
  });
  await deps.site.refresh();
  return getSettings(deps);
}
