import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { activities } from './activities.js';
import { providers } from './providers.js';

/**
 * Every uploaded photo kept on disk (docs/provider-workspace.md#photos): whose it is, for which
 * activity, and its size, so that who may see it, when it goes and the quota are queries. A photo
 * is in use while its activity's row or a pending revision of it names `/uploads/<key>.webp`;
 * one no longer in use is deleted with its files.
 */
export const photos = pgTable(
  'photos',
  {
    /** The files are `<key>-<width>.webp` and `<key>-share.jpg` under DATA_DIR/uploads. */
    key: uuid('key').primaryKey(),
    /** The provider account that uploaded it: its quota. */
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    /** The activity it was uploaded for; null once that activity is deleted (the photo then goes). */
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    /** All its files together; null for a photo from before this table until the sweep measures it. */
    bytes: integer('bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photos_provider_idx').on(t.providerId), index('photos_activity_idx').on(t.activityId)],
);
