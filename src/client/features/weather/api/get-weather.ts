import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Position } from '../../../../domain/geo';
import type { Language } from '../../../../domain/languages';
import { WEATHER_DEFAULTS, type Weather, type WeatherIcon } from '../../../../domain/weather';
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

export interface WeatherView {
  temperature: number;
  humidity: number;
  windSpeed: number;
  visibility: number;
  description: string | null;
  icon: WeatherIcon;
  source: Weather['source'] | null;
  isLoading: boolean;
  /** The service failed: the product's defaults are shown, with the fallback notice (docs/outside-services.md#weather, docs/product.md#texts-and-messages). */
  isFallback: boolean;
}

const defaultsWhile = (isLoading: boolean, isFallback: boolean): WeatherView => ({
  ...WEATHER_DEFAULTS,
  description: null,
  icon: 'cloud-sun',
  source: null,
  isLoading,
  isFallback,
});

/** What the server renders: it never asks for the weather. */
const LOADING = defaultsWhile(true, false);

/**
 * The weather at a position, or the defaults while loading and after a failure. While React
 * hydrates, the server's view (loading), even if the answer has come (docs/rendering.md#hydration).
 */
export function useWeather(position: Position, lng: Language): WeatherView {
  const query = useQuery(weatherQueryOptions(position, lng));
  const view = query.data
    ? { ...query.data, isLoading: false, isFallback: false }
    : defaultsWhile(query.isPending, query.isError);
  return useBrowserValue(view, LOADING);
}
