import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Position } from '../../../../domain/geo';
import type { Language } from '../../../../domain/languages';
import type { ReverseGeocode } from '../../../../domain/weather-schemas';
import { api } from '../../../lib/api-client';

export const placeKeys = {
  all: ['place'] as const,
  at: (position: Position, lng: Language) => [...placeKeys.all, position.lat, position.lon, lng] as const,
};

export const placeQueryOptions = (position: Position, lng: Language) =>
  queryOptions({
    queryKey: placeKeys.at(position, lng),
    queryFn: ({ signal }) =>
      api<ReverseGeocode>('/geocode/reverse', { query: { lat: position.lat, lon: position.lon, lng }, signal }),
  });

/** Town and country of a position, through our server (Nominatim behind it). */
export function usePlace(position: Position | undefined, lng: Language) {
  return useQuery({
    ...placeQueryOptions(position ?? { lat: 0, lon: 0 }, lng),
    enabled: position !== undefined,
  });
}
