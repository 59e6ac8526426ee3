import { useMutation } from '@tanstack/react-query';
import type { AdminActivityTag } from '../../../../domain/tags';
import { api } from '../../../lib/api-client';

/** Proposes a tag (new or existing) for an activity; it waits for an admin's approval. */
export function useProposeActivityTag(activityId: number) {
  return useMutation({
    mutationFn: (name: string) =>
      api<AdminActivityTag>(`/activities/${activityId}/tags`, { method: 'POST', body: { name } }),
  });
}
