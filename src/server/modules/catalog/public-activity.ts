import { type SQL, sql } from 'drizzle-orm';
import { activities } from '../../db/schema/index.js';

/**
 * Whether the activity's provider is listed: none (the team's own places), or one whose
 * application is approved and whose account is still a provider's. A rejected or demoted
 * provider's activities leave the guide at once and come back when they are approved again
 * (docs/permissions.md#public-activities).
 * The read model hears of a change of either through the triggers of
 * src/server/db/migrations/0013_provider_standing_notify.sql (docs/read-model.md).
 */
export const listedProvider: SQL = sql`(${activities.providerId} is null or exists (
  select 1 from providers lp join users lu on lu.id = lp.user_id
  where lp.id = ${activities.providerId} and lp.status = 'approved' and lu.role = 'provider'))`;

/** The one rule of a public activity: active, approved, and its provider listed. */
export const isPublicActivity: SQL = sql`(${activities.isActive} and ${activities.isApproved} and ${listedProvider})`;
