import { z } from 'zod';
import { pageQueryShape } from './pagination.js';
import { PROVIDER_STATUSES, ROLES } from './roles.js';
import { rowIdInPath } from './ids.js';
import { MODERATION_REASON_MAX_LENGTH } from './moderation.js';
import { MAX_SEARCH_LENGTH } from './search.js';

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
  isApproved: z.boolean(),
  roleChosen: z.boolean(),
  company: z.string().nullable(),
  providerStatus: z.enum(PROVIDER_STATUSES).nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * The admin panel's users, a page at a time (docs/api.md#lists-in-pages), newest first; `search`
 * keeps those whose name, e-mail address or company holds every word of it.
 */
export const adminUserListQuery = z.strictObject({
  search: z
    .string()
    .max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`)
    .transform((value) => value.trim())
    .optional(),
  ...pageQueryShape,
});
export type AdminUserListQuery = z.output<typeof adminUserListQuery>;

/** A provider's application as the admin panel lists it (docs/moderation.md). */
export const pendingProviderSchema = z.object({
  id: z.number().int(),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  role: z.enum(ROLES).nullable(),
  status: z.enum(PROVIDER_STATUSES),
  createdAt: z.string(),
});
export type PendingProvider = z.infer<typeof pendingProviderSchema>;

export const providerIdParams = z.strictObject({
  id: rowIdInPath(),
});

export const userIdParams = z.strictObject({ userId: z.uuid({ error: 'must be a user id (UUID)' }) });

export const roleChangeBody = z.strictObject({ role: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }) });

/**
 * POST /api/admin/providers/:id/reject: an optional reason, which the provider reads in their
 * mail (docs/moderation.md#providers). No body at all is the same as no reason.
 */
export const rejectProviderBody = z
  .strictObject({
    reason: z
      .string()
      .trim()
      .max(MODERATION_REASON_MAX_LENGTH, `must be at most ${MODERATION_REASON_MAX_LENGTH} characters`)
      .nullish()
      .transform((v) => v || null),
  })
  .nullish();
