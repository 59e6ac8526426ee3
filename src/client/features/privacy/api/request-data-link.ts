import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { dataRequestBody } from '../../../../domain/privacy';
import { api } from '../../../lib/api-client';

/**
 * POST /api/privacy/data-requests: mail a link to what the guide holds under an address. The answer is
 * the same whether or not it holds anything (docs/privacy.md#download-my-data).
 */
export function useRequestDataLink() {
  return useMutation({
    mutationFn: (body: z.input<typeof dataRequestBody>) =>
      api<{ accepted: true }>('/privacy/data-requests', { method: 'POST', body }),
  });
}
