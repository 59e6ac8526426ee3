import { z } from 'zod';
import { type Forecast, FORECAST_DAYS, type ForecastDay } from '../../../domain/forecast.js';
import type { Language } from '../../../domain/languages.js';
import {
  CONDITION_ICON,
  CONDITION_TEXT,
  conditionOfWmoCode,
  iconOfOpenWeatherCode,
  metresToKm,
  msToKmh,
  type Weather,
} from '../../../domain/weather.js';
import type { OutsideConfig } from '../../config.js';
import { serviceUnavailable } from '../../errors.js';
import { fetchOutsideJson } from '../../outside/http.js';

export interface WeatherProvider {
  readonly source: Weather['source'];
  current(lat: number, lon: number, language: Language, signal?: AbortSignal): Promise<Weather>;
}

/** The daily forecast: Open-Meteo's, whichever service gives the current weather (docs/outside-services.md#weather). */
export interface ForecastProvider {
  daily(lat: number, lon: number, signal?: AbortSignal): Promise<Forecast>;
}

const openMeteoDaily = z.object({
  daily: z.object({
    time: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
    weather_code: z.array(z.number().nullable()),
    temperature_2m_max: z.array(z.number().nullable()),
    precipitation_sum: z.array(z.number().nullable()),
  }),
});

/**
 * Open-Meteo's daily forecast for the next days, in Limoux's calendar (Europe/Paris): each day's
 * most significant WMO code, highest temperature and precipitation. A day it sends without one of
 * them is left out rather than guessed (docs/outside-services.md#weather).
 */
export function openMeteoForecast(config: Pick<OutsideConfig, 'openMeteoUrl' | 'timeoutMs'>): ForecastProvider {
  return {
    async daily(lat, lon, signal) {
      const url = new URL('/v1/forecast', config.openMeteoUrl);
      url.search = new URLSearchParams({
        latitude: String(lat),
        longitude: String(lon),
        daily: 'weather_code,temperature_2m_max,precipitation_sum',
        forecast_days: String(FORECAST_DAYS),
        timezone: 'Europe/Paris',
      }).toString();
      const parsed = openMeteoDaily.safeParse(
        await fetchOutsideJson(url, { service: 'The weather service', timeoutMs: config.timeoutMs, signal }),
      );
      if (!parsed.success) throw serviceUnavailable('The weather service sent an unexpected answer; try again later');
      const { time, weather_code, temperature_2m_max, precipitation_sum } = parsed.data.daily;
      const days: ForecastDay[] = [];
      time.forEach((day, i) => {
        const weatherCode = weather_code[i];
        const maxTemperature = temperature_2m_max[i];
        const precipitation = precipitation_sum[i];
        if (weatherCode === null || weatherCode === undefined) return;
        if (maxTemperature === null || maxTemperature === undefined) return;
        if (precipitation === null || precipitation === undefined) return;
        days.push({ day, weatherCode, maxTemperature: round1(maxTemperature), precipitation: round1(precipitation) });
      });
      return { days, source: 'open-meteo' };
    },
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

const openMeteoAnswer = z.object({
  current: z.object({
    temperature_2m: z.number(),
    relative_humidity_2m: z.number(),
    wind_speed_10m: z.number(),
    weather_code: z.number(),
    visibility: z.number().optional(),
  }),
});

/** Open-Meteo: no key needed (the default). Wind is asked in km/h; visibility comes in metres. */
export function openMeteo(config: Pick<OutsideConfig, 'openMeteoUrl' | 'timeoutMs'>): WeatherProvider {
  return {
    source: 'open-meteo',
    async current(lat, lon, language, signal) {
      const url = new URL('/v1/forecast', config.openMeteoUrl);
      url.search = new URLSearchParams({
        latitude: String(lat),
        longitude: String(lon),
        current: 'temperature_2m,relative_humidity_2m,wind_speed_10m,weather_code,visibility',
        wind_speed_unit: 'kmh',
        timezone: 'auto',
      }).toString();
      const parsed = openMeteoAnswer.safeParse(
        await fetchOutsideJson(url, { service: 'The weather service', timeoutMs: config.timeoutMs, signal }),
      );
      if (!parsed.success) throw serviceUnavailable('The weather service sent an unexpected answer; try again later');
      const now = parsed.data.current;
      const condition = conditionOfWmoCode(now.weather_code);
      return {
        temperature: round1(now.temperature_2m),
        description: CONDITION_TEXT[condition][language],
        humidity: Math.round(now.relative_humidity_2m),
        windSpeed: round1(now.wind_speed_10m),
        visibility: now.visibility === undefined ? null : metresToKm(now.visibility),
        icon: CONDITION_ICON[condition],
        source: 'open-meteo',
      };
    },
  };
}

const openWeatherAnswer = z.object({
  main: z.object({ temp: z.number(), humidity: z.number() }),
  wind: z.object({ speed: z.number() }),
  visibility: z.number().optional(),
  weather: z.array(z.object({ description: z.string(), icon: z.string() })).min(1),
});

/** OpenWeatherMap, when a key is configured: metric units, wind m/s -> km/h, visibility m -> km (docs/outside-services.md). */
export function openWeatherMap(
  config: Pick<OutsideConfig, 'openWeatherUrl' | 'openWeatherApiKey' | 'timeoutMs'> & { openWeatherApiKey: string },
): WeatherProvider {
  return {
    source: 'openweathermap',
    async current(lat, lon, language, signal) {
      const url = new URL('/data/2.5/weather', config.openWeatherUrl);
      url.search = new URLSearchParams({
        lat: String(lat),
        lon: String(lon),
        units: 'metric',
        lang: language,
        appid: config.openWeatherApiKey,
      }).toString();
      const parsed = openWeatherAnswer.safeParse(
        await fetchOutsideJson(url, { service: 'The weather service', timeoutMs: config.timeoutMs, signal }),
      );
      if (!parsed.success) throw serviceUnavailable('The weather service sent an unexpected answer; try again later');
      const data = parsed.data;
      const [first] = data.weather;
      const description = first?.description ?? '';
      return {
        temperature: round1(data.main.temp),
        description: description.charAt(0).toUpperCase() + description.slice(1),
        humidity: Math.round(data.main.humidity),
        windSpeed: msToKmh(data.wind.speed),
        visibility: data.visibility === undefined ? null : metresToKm(data.visibility),
        icon: iconOfOpenWeatherCode(first?.icon ?? ''),
        source: 'openweathermap',
      };
    },
  };
}

/** OpenWeatherMap when a key is configured, else Open-Meteo (docs/outside-services.md). */
export function weatherProviderFor(config: OutsideConfig): WeatherProvider {
  const key = config.openWeatherApiKey;
  return key ? openWeatherMap({ ...config, openWeatherApiKey: key }) : openMeteo(config);
}
