import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteSettingsAnswer, SiteSettingsPatch } from '../../../../domain/site-settings';
import { api } from '../../../lib/api-client';
import { clientConfigQueryOptions } from '../../../lib/client-config';
import { adminKeys } from './admin-api';

const settingsKey = () => [...adminKeys.all, 'settings'] as const;

/** The site settings with their defaults (docs/site-settings.md). */
export const useSiteSettings = () =>
  useQuery({
    queryKey: settingsKey(),
    queryFn: ({ signal }) => api<SiteSettingsAnswer>('/admin/settings', { signal }),
  });

/** Saves the settings; the answer is the settings in force, and the footer's contact is read again. */
export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SiteSettingsPatch) =>
      api<SiteSettingsAnswer>('/admin/settings', { method: 'PATCH', body: patch }),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKey(), answer);
      void queryClient.invalidateQueries({ queryKey: clientConfigQueryOptions().queryKey });
    },
  });
}
