import { z } from 'zod';
import type { Language } from '../../../domain/languages.js';
import { type ServiceArea } from '../../../domain/geo.js';
import type { GeocodeResult, ReverseGeocode } from '../../../domain/weather-schemas.js';
import type { OutsideConfig } from '../../config.js';
import { serviceUnavailable } from '../../errors.js';
import { fetchOutsideJson } from '../../outside/http.js';

/** `client`: who asks (their address), so that no client takes every upstream call (service.ts). */
export interface Geocoder {
  reverse(lat: number, lon: number, language: Language, signal?: AbortSignal, client?: string): Promise<ReverseGeocode>;
  /** Places matching `query` within `area`, best first. */
  search(
    query: string,
    area: ServiceArea,
    language: Language,
    signal?: AbortSignal,
    client?: string,
  ): Promise<GeocodeResult[]>;
}

const SEARCH_LIMIT = 6;

const nominatimPlaces = z.array(
  z.object({
    display_name: z.string(),
    lat: z.coerce.number(),
    lon: z.coerce.number(),
    address: z
      .object({
        road: z.string().optional(),
        pedestrian: z.string().optional(),
        house_number: z.string().optional(),
        city: z.string().optional(),
        town: z.string().optional(),
        village: z.string().optional(),
        municipality: z.string().optional(),
      })
      .optional(),
  }),
);

/** The box around the service area, as Nominatim's viewbox (lon,lat,lon,lat). */
function viewbox(area: ServiceArea): string {
  const dLat = area.radiusKm / 111.32;
  const dLon = area.radiusKm / (111.32 * Math.cos((area.center.lat * Math.PI) / 180));
  return [area.center.lon - dLon, area.center.lat + dLat, area.center.lon + dLon, area.center.lat - dLat]
    .map((n) => n.toFixed(4))
    .join(',');
}

const nominatimAnswer = z.object({
  address: z
    .object({
      city: z.string().optional(),
      town: z.string().optional(),
      village: z.string().optional(),
      municipality: z.string().optional(),
      country: z.string().optional(),
    })
    .optional(),
  error: z.string().optional(),
});

/** Nominatim's reverse lookup, identifying us by User-Agent as its usage policy asks. */
export function nominatim(config: Pick<OutsideConfig, 'nominatimUrl' | 'nominatimUserAgent' | 'timeoutMs'>): Geocoder {
  /** One call to Nominatim, identified by our User-Agent, its answer checked against `schema`. */
  async function ask<T>(path: string, params: Record<string, string>, schema: z.ZodType<T>, signal?: AbortSignal) {
    const url = new URL(path, config.nominatimUrl);
    url.search = new URLSearchParams({ format: 'jsonv2', addressdetails: '1', ...params }).toString();
    const parsed = schema.safeParse(
      await fetchOutsideJson(url, {
        service: 'The address lookup',
        timeoutMs: config.timeoutMs,
        headers: { 'User-Agent': config.nominatimUserAgent },
        signal,
      }),
    );
    if (!parsed.success) throw serviceUnavailable('The address lookup sent an unexpected answer; try again later');
    return parsed.data;
  }

  return {
    async reverse(lat, lon, language, signal) {
      const answer = await ask(
        '/reverse',
        { lat: String(lat), lon: String(lon), zoom: '10', 'accept-language': language },
        nominatimAnswer,
        signal,
      );
      const address = answer.address ?? {};
      return {
        city: address.city ?? address.town ?? address.village ?? address.municipality ?? null,
        country: address.country ?? null,
      };
    },
    async search(query, area, language, signal) {
      const places = await ask(
        '/search',
        {
          q: query,
          limit: String(SEARCH_LIMIT),
          viewbox: viewbox(area),
          bounded: '1',
          'accept-language': language,
        },
        nominatimPlaces,
        signal,
      );
      return places.map((place) => {
        const a = place.address ?? {};
        const street = a.road ?? a.pedestrian;
        return {
          label: place.display_name,
          latitude: place.lat,
          longitude: place.lon,
          city: a.city ?? a.town ?? a.village ?? a.municipality ?? null,
          address: street ? [a.house_number, street].filter(Boolean).join(' ') : null,
        };
      });
    },
  };
}
