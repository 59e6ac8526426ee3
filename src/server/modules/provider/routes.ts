import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATEGORIES } from '../../../domain/activities.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { activities, providers } from '../../db/schema/index.js';
import { principalOfRequest } from '../../plugins/auth.js';
import { apiErrorSchema } from '../../plugins/openapi.js';

export const providerActivitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  city: z.string(),
  isActive: z.boolean(),
  isApproved: z.boolean(),
  sponsorLevel: z.number().int(),
  rating: z.number(),
  reviewCount: z.number().int(),
});

/** The provider's own activities. */
export function listOwnActivities(db: Db, userId: string) {
  return db
    .select({
      id: activities.id,
      name: activities.name,
      category: activities.category,
      city: activities.city,
      isActive: activities.isActive,
      isApproved: activities.isApproved,
      sponsorLevel: activities.sponsorLevel,
      rating: activities.rating,
      reviewCount: activities.reviewCount,
    })
    .from(activities)
    .innerJoin(providers, eq(providers.id, activities.providerId))
    .where(eq(providers.userId, userId))
    .orderBy(asc(activities.name));
}

export const providerRoutes =
  ({ db }: Pick<Deps, 'db'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/provider/activities',
      {
        config: { access: 'approvedProvider' },
        schema: {
          tags: ['provider'],
          summary: "The logged-in provider's own activities",
          response: { 200: z.array(providerActivitySchema), 401: apiErrorSchema, 403: apiErrorSchema },
        },
      },
      async (request) => {
        const rows = await listOwnActivities(db, principalOfRequest(request).id);
        return rows.map((row) => ({
          ...row,
          category: row.category as (typeof CATEGORIES)[number],
          rating: Number(row.rating),
        }));
      },
    );
  };
