import { z } from 'zod';
import type { Language } from '../../../domain/languages.js';
import type { ReverseGeocode } from '../../../domain/weather-schemas.js';
import type { OutsideConfig } from '../../config.js';
import { serviceUnavailable } from '../../errors.js';
import { fetchOutsideJson } from '../../outside/http.js';

export interface Geocoder {
  reverse(lat: number, lon: number, language: Language, signal?: AbortSignal): Promise<ReverseGeocode>;
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
  return {
    async reverse(lat, lon, language, signal) {
      const url = new URL('/reverse', config.nominatimUrl);
      url.search = new URLSearchParams({
        format: 'jsonv2',
        lat: String(lat),
        lon: String(lon),
        zoom: '10',
        addressdetails: '1',
        'accept-language': language,
      }).toString();
      const parsed = nominatimAnswer.safeParse(
        await fetchOutsideJson(url, {
          service: 'The address lookup',
          timeoutMs: config.timeoutMs,
          headers: { 'User-Agent': config.nominatimUserAgent },
          signal,
        }),
      );
      if (!parsed.success) throw serviceUnavailable('The address lookup sent an unexpected answer; try again later');
      const address = parsed.data.address ?? {};
      return {
        city: address.city ?? address.town ?? address.village ?? address.municipality ?? null,
        country: address.country ?? null,
      };
    },
  };
}
