import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { saveResponse } from '../save-file';

/**
 * POST /api/privacy/data: the file of a mailed link, once (docs/privacy.md#download-my-data). A POST,
 * so that opening the link (a mail scanner does) never spends it: only the button does.
 */
export function useDownloadByLink() {
  return useMutation({
    mutationFn: async (token: string) =>
      saveResponse(await apiFetch('/privacy/data', { method: 'POST', body: { token } })),
  });
}
