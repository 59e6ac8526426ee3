import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { saveResponse } from '../save-file';

/**
 * GET /api/me/data: everything tied to the logged-in account, saved as the JSON file the server names
 * (docs/privacy.md#download-my-data). Answers the file's name.
 */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => saveResponse(await apiFetch('/me/data')),
  });
}
