import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Position } from '../../../../domain/geo';
import type { Language } from '../../../../domain/languages';
import type { Weather } from '../../../../domain/weather';
import { api } from '../../../lib/api-client';
import { useBrowserValue } from '../../../lib/use-hydrated';

export const weatherKeys = {
  all: ['weather'] as const,
  at: (position: Position, lng: Language) => [...weatherKeys.all, position.lat, position.lon, lng] as const,
};

export const weatherQueryOptions = (position: Position, lng: Language) =>
  queryOptions({
    queryKey: weatherKeys.at(position, lng),
    queryFn: ({ signal }) => api<Weather>('/weather', { query: { lat: position.lat, lon: position.lon, lng }, signal }),
  });

/**
 * What a weather screen shows: the weather, or that it is on its way, or that the service failed.
 * A failure shows no numbers at all: nothing made up passes for today's weather
 * (docs/outside-services.md#weather).
 */
export type WeatherView =
  { state: 'loading' } | { state: 'unavailable'; retry: () => void } | { state: 'ready'; weather: Weather };

/** What the server renders: it never asks for the weather. */
const LOADING: WeatherView = { state: 'loading' };

/**
 * The weather at a position. While React hydrates, the server's view (loading), even if the answer
 * has come (docs/rendering.md#hydration).
 */
export function useWeather(position: Position, lng: Language): WeatherView {
  const query = useQuery(weatherQueryOptions(position, lng));
  const { refetch } = query;
  const view: WeatherView = query.data
    ? { state: 'ready', weather: query.data }
    : query.isError && !query.isFetching
      ? { state: 'unavailable', retry: () => void refetch() }
      : LOADING;
  return useBrowserValue(view, LOADING);
}
