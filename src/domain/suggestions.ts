import { z } from 'zod';
import { languageParam } from './activity-schemas.js';

export const SUGGESTION_KINDS = ['activity', 'city', 'tag', 'term'] as const;

export const suggestionsQuery = z.strictObject({
  q: z.string().max(100, 'must be at most 100 characters').default(''),
  lng: languageParam.optional(),
});

export const suggestionSchema = z.object({
  text: z.string(),
  kind: z.enum(SUGGESTION_KINDS),
  activityId: z.number().int().optional(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionListSchema = z.array(suggestionSchema);
