import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminActivityTag, activityTagProposalBody } from '../../../../domain/tags';
import { api } from '../../../lib/api-client';

/** The body, as the server's schema takes it (a type only). */
type TagProposal = z.input<typeof activityTagProposalBody>;

/** Proposes a tag (new or existing) for an activity; it waits for an admin's approval. */
export function useProposeActivityTag(activityId: number) {
  return useMutation({
    mutationFn: (name: string) =>
      api<AdminActivityTag>(`/activities/${activityId}/tags`, { method: 'POST', body: { name } satisfies TagProposal }),
  });
}
