import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportRun, ImportSettings, ImportSettingsInput } from '../../../../domain/imports';
import { api } from '../../../lib/api-client';
import { getListPage } from '../../../lib/paged-list';
import { adminKeys } from './admin-api';

/** The console's imports (docs/datatourisme.md#running-an-import). */
const importKeys = {
  all: () => [...adminKeys.all, 'imports'] as const,
  runs: () => [...importKeys.all(), 'runs'] as const,
  settings: () => [...importKeys.all(), 'settings'] as const,
};

/** How many runs the console shows: the newest. */
export const RUNS_SHOWN = 20;
/** How often the runs are read again while one is running. */
const RUNNING_POLL_MS = 1000;

/** The newest runs; read again every second while one is running. */
export const useImportRuns = () =>
  useQuery({
    queryKey: importKeys.runs(),
    queryFn: ({ signal }) => getListPage<ImportRun>('/admin/imports/runs', { limit: RUNS_SHOWN }, 0, signal),
    refetchInterval: (query) =>
      query.state.data?.items.some((run) => run.status === 'running') ? RUNNING_POLL_MS : false,
  });

/** Uploads a flux ZIP: a dry run unless said otherwise. Answers the run's id. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const body = new FormData();
      // The field first, so that the server has it before the file's bytes.
      body.append('dryRun', String(dryRun));
      body.append('file', file);
      return api<{ id: number }>('/admin/imports/datatourisme', { method: 'POST', body });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.runs() }),
  });
}

/** Imports the flux URL now. */
export function useImportFeedNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dryRun: boolean) =>
      api<{ id: number }>('/admin/imports/datatourisme/feed', { method: 'POST', body: { dryRun } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.runs() }),
  });
}

export const useImportSettings = () =>
  useQuery({
    queryKey: importKeys.settings(),
    queryFn: ({ signal }) => api<ImportSettings>('/admin/imports/settings', { signal }),
  });

export function useSaveImportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportSettingsInput) =>
      api<ImportSettings>('/admin/imports/settings', { method: 'PUT', body: input }),
    onSuccess: (answer) => queryClient.setQueryData(importKeys.settings(), answer),
  });
}
