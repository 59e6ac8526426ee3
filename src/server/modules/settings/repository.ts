import { eq, inArray } from 'drizzle-orm';
import type { SiteSettingKey } from '../../../domain/site-settings.js';
import type { Db } from '../../db/client.js';
import { adminSettings } from '../../db/schema/index.js';

/** The key of each site setting in admin_settings; the table's other rows (the seed's marker) are not settings. */
export const SETTING_ROW_KEYS: Record<SiteSettingKey, string> = {
  contactEmail: 'site.contactEmail',
  contactPhone: 'site.contactPhone',
  senderName: 'site.senderName',
  teamInbox: 'site.teamInbox',
  dataLicence: 'site.dataLicence',
  dataLicenceUrl: 'site.dataLicenceUrl',
  operatorName: 'site.operatorName',
  retentionMonths: 'site.retentionMonths',
};

/** The site settings' stored values (docs/site-settings.md#stored): a setting with no row, or a null value, has none. */
export async function readStored(db: Db): Promise<Partial<Record<SiteSettingKey, string>>> {
  const rows = await db
    .select({ key: adminSettings.key, value: adminSettings.value })
    .from(adminSettings)
    .where(inArray(adminSettings.key, Object.values(SETTING_ROW_KEYS)));
  const byRowKey = new Map(rows.map((row) => [row.key, row.value]));
  const stored: Partial<Record<SiteSettingKey, string>> = {};
  for (const [key, rowKey] of Object.entries(SETTING_ROW_KEYS) as [SiteSettingKey, string][]) {
    const value = byRowKey.get(rowKey);
    if (value !== undefined && value !== null) stored[key] = value;
  }
  return stored;
}

export async function writeSetting(
  tx: Db,
  key: SiteSettingKey,
  value: string,
  description: string,
  now: Date,
): Promise<void> {
  await tx
    .insert(adminSettings)
    .values({ key: SETTING_ROW_KEYS[key], value, description, updatedAt: now })
    .onConflictDoUpdate({ target: adminSettings.key, set: { value, description, updatedAt: now } });
}

export async function removeSetting(tx: Db, key: SiteSettingKey): Promise<void> {
  await tx.delete(adminSettings).where(eq(adminSettings.key, SETTING_ROW_KEYS[key]));
}
