import { rowIdInPath } from './ids.js';
import { z } from 'zod';
import { CATEGORIES } from './activities.js';
import { rowId } from './ids.js';
import { pageQueryShape } from './pagination.js';
import { providerActivitySchema } from './provider-activities.js';
import { MAX_SEARCH_LENGTH } from './search.js';

/**
 * The admins' list of every activity and what they do to one (docs/moderation.md#every-activity).
 * One status per activity, read from its row and its newest request for approval:
 * - `published`: approved and active (public while its provider is listed);
 * - `paused`: approved, paused (by its provider or an admin);
 * - `pending`: never published (or unpublished), a request waits for approval;
 * - `rejected`: not published, its newest request was refused;
 * - `draft`: not published and nothing waits (a new provider's draft, or an unpublished activity).
 * A published activity whose change waits for approval stays `published`, with `pendingChanges`.
 */
export const ADMIN_ACTIVITY_STATUSES = ['draft', 'pending', 'published', 'paused', 'rejected'] as const;
export type AdminActivityStatus = (typeof ADMIN_ACTIVITY_STATUSES)[number];

/** What an admin did to an activity, as the audit keeps it. */
export const ACTIVITY_AUDIT_ACTIONS = [
  'create',
  'edit',
  'pause',
  'publish',
  'unpublish',
  'assign',
  'approve',
  'reject',
] as const;
export type ActivityAuditAction = (typeof ACTIVITY_AUDIT_ACTIONS)[number];

/** The admins' list: search by name, filters, a page at a time (docs/api.md#lists-in-pages). */
export const adminActivityListQuery = z.strictObject({
  search: z
    .string()
    .max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`)
    .transform((value) => value.trim())
    .optional()
    .describe('keeps the activities whose name holds every word of it, whatever the case and accents'),
  status: z.enum(ADMIN_ACTIVITY_STATUSES, { error: `must be one of ${ADMIN_ACTIVITY_STATUSES.join(', ')}` }).optional(),
  category: z.enum(CATEGORIES, { error: `must be one of ${CATEGORIES.join(', ')}` }).optional(),
  provider: z
    .union([z.literal('none'), rowIdInPath()], { error: 'must be a provider id or none' })
    .optional()
    .describe('a provider id, or `none` for the guide’s own activities'),
  sponsored: z
    .enum(['yes', 'no'], { error: 'must be yes or no' })
    .optional()
    .describe('`yes`: a sponsorship level above 0; `no`: none'),
  ...pageQueryShape,
});
export type AdminActivityListQuery = z.output<typeof adminActivityListQuery>;

export const adminActivityListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  city: z.string(),
  status: z.enum(ADMIN_ACTIVITY_STATUSES),
  pendingChanges: z.boolean().describe('a change of the published activity waits for approval'),
  providerId: z.number().int().nullable().describe('null: the guide’s own'),
  providerName: z.string().nullable(),
  sponsorLevel: z.number().int(),
  sponsoredUntil: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminActivityListItem = z.output<typeof adminActivityListItemSchema>;

/** GET /api/admin/activities/:id: the activity as published, with its status and provider. */
export const adminActivitySchema = providerActivitySchema.extend({
  status: z.enum(ADMIN_ACTIVITY_STATUSES),
  providerId: z.number().int().nullable(),
  providerName: z.string().nullable(),
});
export type AdminActivity = z.output<typeof adminActivitySchema>;

/** POST /api/admin/activities/:id/provider: an approved provider's id, or null to give it back to the guide. */
export const assignProviderBody = z.strictObject({
  providerId: rowId('must be the id of an approved provider, or null').nullable(),
});

export const activityAuditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(ACTIVITY_AUDIT_ACTIONS),
  actorId: z.string().nullable(),
  actorName: z.string().nullable().describe('the admin’s name or e-mail address; null once the account is gone'),
  changes: z.record(z.string(), z.unknown()).describe('the changed fields with their new values, long texts shortened'),
  at: z.string(),
});
export type ActivityAuditEntry = z.output<typeof activityAuditEntrySchema>;
