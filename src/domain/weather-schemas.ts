import { z } from 'zod';
import { languageParam, latitudeParam, longitudeParam } from './activity-schemas.js';
import { WEATHER_ICONS, WEATHER_SOURCES } from './weather.js';

export const positionRequiredQuery = z.strictObject({
  lat: latitudeParam,
  lon: longitudeParam,
  lng: languageParam.optional(),
});

export const weatherSchema = z.object({
  temperature: z.number().describe('°C'),
  description: z.string().describe('In the requested language'),
  humidity: z.number().describe('%'),
  windSpeed: z.number().describe('km/h'),
  visibility: z.number().describe('km'),
  icon: z.enum(WEATHER_ICONS),
  source: z.enum(WEATHER_SOURCES).describe('Who measured it, for attribution'),
});

export const reverseGeocodeSchema = z.object({
  city: z.string().nullable().describe('City, town or village'),
  country: z.string().nullable(),
});
export type ReverseGeocode = z.infer<typeof reverseGeocodeSchema>;

export const clientConfigSchema = z.object({
  mapTileUrl: z.string(),
  mapAttribution: z.string(),
  /** The team's public contact (footer); null where not configured. */
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
  /** Which logins this server offers: the demo portal's buttons and/or an identity provider. */
  logins: z.object({ demo: z.boolean(), identityProvider: z.boolean() }),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
