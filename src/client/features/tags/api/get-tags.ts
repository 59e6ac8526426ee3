import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '../../../../domain/tags';
import { api } from '../../../lib/api-client';

export const tagKeys = { all: ['tags'] as const, approved: () => [...tagKeys.all, 'approved'] as const };

export const approvedTagsQueryOptions = () =>
  queryOptions({ queryKey: tagKeys.approved(), queryFn: ({ signal }) => api<Tag[]>('/tags', { signal }) });

export function useApprovedTags(enabled = true) {
  return useQuery({ ...approvedTagsQueryOptions(), enabled });
}
