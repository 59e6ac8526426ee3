import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ErasureRecord, ErasureResult, erasureBody } from '../../../../domain/privacy';
import { api } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-list';
import { adminKeys } from './admin-api';

const erasuresKey = () => [...adminKeys.all, 'erasures'] as const;

/** The erasure record (docs/privacy.md#erasure-on-request): who erased and when, newest first, a page at a time. */
export const useErasures = () => usePagedList<ErasureRecord>(erasuresKey(), '/admin/erasures');

/**
 * Erases everything tied to an address; the answer counts what was done. Every admin list (users,
 * reviews, the bookings inbox) may have changed, and the visitor side's reviews and activities too.
 */
export function useEraseAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof erasureBody>) => api<ErasureResult>('/admin/erasures', { method: 'POST', body }),
    onSettled: () => {
      for (const queryKey of [adminKeys.all, ['bookings'], ['reviews'], ['activities']])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
