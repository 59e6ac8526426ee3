import type { QueryValue } from '../../../lib/api-client';

/** Query keys of the map feature: all -> views -> view(query). */
export const mapKeys = {
  all: ['map'] as const,
  views: () => [...mapKeys.all, 'view'] as const,
  view: (query: Record<string, QueryValue>) => [...mapKeys.views(), query] as const,
};
