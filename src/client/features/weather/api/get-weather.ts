import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Position } from '../../../../domain/geo';
import type { Language } from '../../../../domain/languages';
import { WEATHER_DEFAULTS, type Weather, type WeatherIcon } from '../../../../domain/weather';
import { api } from '../../../lib/api-client';

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

/** The weather at a position, or the defaults while loading and after a failure. */
export function useWeather(position: Position, lng: Language): WeatherView {
  const query = useQuery(weatherQueryOptions(position, lng));
  if (query.data) return { ...query.data, isLoading: false, isFallback: false };
  return {
    ...WEATHER_DEFAULTS,
    description: null,
    icon: 'cloud-sun',
    source: null,
    isLoading: query.isPending,
    isFallback: query.isError,
  };
}
