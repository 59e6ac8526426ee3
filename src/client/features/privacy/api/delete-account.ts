import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '../../../../domain/privacy';
import { api } from '../../../lib/api-client';
import { forgetPersonalEntries } from '../../../lib/offline-caches';

/**
 * DELETE /api/me: the confirmed deletion of one's own account (docs/privacy.md#deleting-an-account). The
 * server ends every session of the account; the service worker's personal entries go too, as at logout.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (body: DeleteAccountBody) => {
      const answer = await api<{ deleted: true }>('/me', { method: 'DELETE', body });
      if (typeof caches !== 'undefined') await forgetPersonalEntries(caches).catch(() => undefined);
      return answer;
    },
  });
}
