import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../../domain/activities';
import type { Agenda } from '../../../../domain/agenda';
import type { Language } from '../../../../domain/languages';
import { api } from '../../../lib/api-client';

export interface AgendaQuery {
  category?: Category;
  lng: Language;
}

/** The agenda (docs/when.md#the-agenda-and-the-calendar-feeds); the server asks it with the same key before rendering. */
export const agendaQueryOptions = (query: AgendaQuery) =>
  queryOptions({
    queryKey: ['agenda', query] as const,
    queryFn: ({ signal }) => api<Agenda>('/agenda', { query: { ...query }, signal }),
  });

export function useAgenda(query: AgendaQuery) {
  return useQuery(agendaQueryOptions(query));
}
