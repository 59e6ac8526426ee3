import type { Language } from './languages.js';

/** Answers are reused for 10 minutes per rounded position (docs/outside-services.md#weather). */
export const WEATHER_CACHE_MS = 10 * 60 * 1000;

export const WEATHER_ICONS = ['sun', 'cloud-sun', 'cloud', 'fog', 'drizzle', 'rain', 'snow', 'lightning'] as const;
export type WeatherIcon = (typeof WEATHER_ICONS)[number];

export const WEATHER_SOURCES = ['open-meteo', 'openweathermap'] as const;
export type WeatherSource = (typeof WEATHER_SOURCES)[number];

export interface Weather {
  /** °C */
  temperature: number;
  description: string;
  /** % */
  humidity: number;
  /** km/h */
  windSpeed: number;
  /** km; null when the service did not measure it (never a made-up value, docs/outside-services.md#weather) */
  visibility: number | null;
  icon: WeatherIcon;
  source: WeatherSource;
}

type Condition =
  | 'clear'
  | 'mainlyClear'
  | 'partlyCloudy'
  | 'overcast'
  | 'fog'
  | 'drizzle'
  | 'freezingDrizzle'
  | 'rain'
  | 'freezingRain'
  | 'snow'
  | 'showers'
  | 'snowShowers'
  | 'thunderstorm'
  | 'hail';

/** WMO weather interpretation codes (as Open-Meteo sends them) -> condition. */
export function conditionOfWmoCode(code: number): Condition {
  if (code === 0) return 'clear';
  if (code === 1) return 'mainlyClear';
  if (code === 2) return 'partlyCloudy';
  if (code === 3) return 'overcast';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 55) return 'drizzle';
  if (code === 56 || code === 57) return 'freezingDrizzle';
  if (code >= 61 && code <= 65) return 'rain';
  if (code === 66 || code === 67) return 'freezingRain';
  if ((code >= 71 && code <= 75) || code === 77) return 'snow';
  if (code >= 80 && code <= 82) return 'showers';
  if (code === 85 || code === 86) return 'snowShowers';
  if (code === 95) return 'thunderstorm';
  if (code === 96 || code === 99) return 'hail';
  return 'overcast';
}

export const CONDITION_ICON: Record<Condition, WeatherIcon> = {
  clear: 'sun',
  mainlyClear: 'cloud-sun',
  partlyCloudy: 'cloud-sun',
  overcast: 'cloud',
  fog: 'fog',
  drizzle: 'drizzle',
  freezingDrizzle: 'drizzle',
  rain: 'rain',
  freezingRain: 'rain',
  snow: 'snow',
  showers: 'rain',
  snowShowers: 'snow',
  thunderstorm: 'lightning',
  hail: 'lightning',
};

/** Descriptions of each condition, as a weather report in each language puts it. */
export const CONDITION_TEXT: Record<Condition, Record<Language, string>> = {
  clear: { nl: 'Onbewolkt', en: 'Clear sky', fr: 'Ciel dégagé', de: 'Klarer Himmel', es: 'Despejado' },
  mainlyClear: {
    nl: 'Overwegend helder',
    en: 'Mainly clear',
    fr: 'Plutôt dégagé',
    de: 'Überwiegend klar',
    es: 'Mayormente despejado',
  },
  partlyCloudy: {
    nl: 'Half bewolkt',
    en: 'Partly cloudy',
    fr: 'Partiellement nuageux',
    de: 'Teilweise bewölkt',
    es: 'Parcialmente nublado',
  },
  overcast: { nl: 'Bewolkt', en: 'Overcast', fr: 'Couvert', de: 'Bedeckt', es: 'Nublado' },
  fog: { nl: 'Mist', en: 'Fog', fr: 'Brouillard', de: 'Nebel', es: 'Niebla' },
  drizzle: { nl: 'Motregen', en: 'Drizzle', fr: 'Bruine', de: 'Nieselregen', es: 'Llovizna' },
  freezingDrizzle: {
    nl: 'Aanvriezende motregen',
    en: 'Freezing drizzle',
    fr: 'Bruine verglaçante',
    de: 'Gefrierender Nieselregen',
    es: 'Llovizna helada',
  },
  rain: { nl: 'Regen', en: 'Rain', fr: 'Pluie', de: 'Regen', es: 'Lluvia' },
  freezingRain: {
    nl: 'IJzel',
    en: 'Freezing rain',
    fr: 'Pluie verglaçante',
    de: 'Gefrierender Regen',
    es: 'Lluvia helada',
  },
  snow: { nl: 'Sneeuw', en: 'Snow', fr: 'Neige', de: 'Schnee', es: 'Nieve' },
  showers: { nl: 'Regenbuien', en: 'Rain showers', fr: 'Averses', de: 'Regenschauer', es: 'Chubascos' },
  snowShowers: {
    nl: 'Sneeuwbuien',
    en: 'Snow showers',
    fr: 'Averses de neige',
    de: 'Schneeschauer',
    es: 'Chubascos de nieve',
  },
  thunderstorm: { nl: 'Onweer', en: 'Thunderstorm', fr: 'Orage', de: 'Gewitter', es: 'Tormenta' },
  hail: {
    nl: 'Onweer met hagel',
    en: 'Thunderstorm with hail',
    fr: 'Orage avec grêle',
    de: 'Gewitter mit Hagel',
    es: 'Tormenta con granizo',
  },
};

/** OpenWeatherMap icon codes ('01d', '10n', ...) -> our icon. */
export function iconOfOpenWeatherCode(code: string): WeatherIcon {
  const group = code.slice(0, 2);
  const byGroup: Record<string, WeatherIcon> = {
    '01': 'sun',
    '02': 'cloud-sun',
    '03': 'cloud',
    '04': 'cloud',
    '09': 'drizzle',
    '10': 'rain',
    '11': 'lightning',
    '13': 'snow',
    '50': 'fog',
  };
  return byGroup[group] ?? 'cloud';
}

/** m/s -> km/h and m -> km, one decimal (docs/outside-services.md#weather). */
export const msToKmh = (ms: number) => Math.round(ms * 3.6 * 10) / 10;
export const metresToKm = (m: number) => Math.round((m / 1000) * 10) / 10;

/** Weather is asked and cached per cell of this many degrees (about 10 km around Limoux). */
export const WEATHER_GRID_DEGREES = 0.1;
