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
  visibility: z.number().nullable().describe('km; null when the service did not measure it'),
  icon: z.enum(WEATHER_ICONS),
  source: z.enum(WEATHER_SOURCES).describe('Who measured it, for attribution'),
});

export const forecastQuery = z.strictObject({ lat: latitudeParam, lon: longitudeParam });

export const forecastSchema = z.object({
  days: z
    .array(
      z.object({
        day: z.string().describe('YYYY-MM-DD, in Europe/Paris'),
        weatherCode: z.number().int().describe("The day's most significant WMO weather code"),
        maxTemperature: z.number().describe('°C'),
        precipitation: z.number().describe('mm, the sum of the day'),
      }),
    )
    .describe('Today and the next days; a day the service sent incompletely is left out'),
  source: z.literal('open-meteo').describe('Who forecast it, for attribution'),
});

export const reverseGeocodeSchema = z.object({
  city: z.string().nullable().describe('City, town or village'),
  country: z.string().nullable(),
});
export type ReverseGeocode = z.infer<typeof reverseGeocodeSchema>;

export const GEOCODE_QUERY_MAX_LENGTH = 200;

/** GET /api/geocode/search: an address or place, looked up within the service area. */
export const geocodeSearchQuery = z.strictObject({
  q: z
    .string({ error: 'is required' })
    .trim()
    .min(3, 'must be at least 3 characters')
    .max(GEOCODE_QUERY_MAX_LENGTH, `must be at most ${GEOCODE_QUERY_MAX_LENGTH} characters`),
  lng: languageParam.optional(),
});

export const geocodeResultSchema = z.object({
  label: z.string().describe('The address as the lookup writes it'),
  latitude: z.number(),
  longitude: z.number(),
  city: z.string().nullable(),
  address: z.string().nullable().describe('Street and number, when the result has them'),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;

export const clientConfigSchema = z.object({
  mapTileUrl: z.string(),
  mapAttribution: z.string(),
  /** The team's public contact (footer); null where not configured. */
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
  /** Which logins this server offers: the demo portal's buttons and/or an identity provider. */
  logins: z.object({ demo: z.boolean(), identityProvider: z.boolean() }),
  /** Where activities may lie (a provider's pin must be inside). */
  serviceArea: z.object({ center: z.object({ lat: z.number(), lon: z.number() }), radiusKm: z.number() }),
  /** Whether providers can pay for sponsorship online (Stripe configured); otherwise admins set it by hand. */
  payments: z.boolean(),
  /** The privacy page's facts from the console's settings (docs/privacy.md#the-privacy-page). */
  privacy: z.object({
    /** The controller: the organisation that runs the guide. */
    operatorName: z.string(),
    /** Months after a booking's day that its guest's details are erased. */
    retentionMonths: z.number().int(),
  }),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
