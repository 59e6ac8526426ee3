import { addDays, todayInParis } from '../../domain/dates.js';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInMode = 'ok' | 'fail' | 'hang' | 'garbage';

export interface StandIn {
  url: string;
  /** Every request received, in order, with the time it arrived. */
  requests: { url: URL; headers: IncomingMessage['headers']; at: number }[];
  mode: StandInMode;
  close(): Promise<void>;
}

/**
 * A local stand-in for an outside service (docs/outside-services.md): answers with
 * `answer(url)` as JSON, or fails (500), hangs (never answers) or sends
 * something that is not JSON, as `mode` says.
 */
export async function startStandIn(answer: (url: URL) => unknown, port = 0): Promise<StandIn> {
  const hanging = new Set<() => void>();
  const standIn = { requests: [], mode: 'ok' } as unknown as StandIn;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    standIn.requests.push({ url, headers: req.headers, at: Date.now() });
    if (standIn.mode === 'hang') {
      hanging.add(() => res.destroy());
      return;
    }
    if (standIn.mode === 'fail') {
      res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"upstream broke"}');
      return;
    }
    if (standIn.mode === 'garbage') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>maintenance</html>');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer(url)));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = async () => {
    for (const stop of hanging) stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return standIn;
}

/**
 * The stand-in's daily forecast from `today` (Limoux's day): today overcast and mild, tomorrow rain
 * (8.4 mm), the day after a heat day (34 °C), then fair days.
 */
export function standInDaily(today: string, days = 7) {
  const time = Array.from({ length: days }, (_, i) => addDays(today, i));
  return {
    time,
    weather_code: time.map((_, i) => (i === 0 ? 3 : i === 1 ? 63 : i === 2 ? 0 : 1)),
    temperature_2m_max: time.map((_, i) => (i === 0 ? 14.3 : i === 1 ? 12.1 : i === 2 ? 34.2 : 21)),
    precipitation_sum: time.map((_, i) => (i === 1 ? 8.4 : 0)),
  };
}

/** Answers like Open-Meteo's /v1/forecast with `current` values, or `daily` ones when asked. */
export const openMeteoAnswer = (url: URL) => ({
  latitude: Number(url.searchParams.get('latitude')),
  longitude: Number(url.searchParams.get('longitude')),
  ...(url.searchParams.has('daily')
    ? { daily: standInDaily(todayInParis(new Date()), Number(url.searchParams.get('forecast_days') ?? 7)) }
    : {}),
  current_units: { temperature_2m: '°C', wind_speed_10m: 'km/h', visibility: 'm' },
  current: {
    time: '2026-11-21T14:00',
    temperature_2m: 14.26,
    relative_humidity_2m: 71.4,
    wind_speed_10m: 9.7,
    weather_code: 3,
    visibility: 24140,
  },
});

/** Answers like OpenWeatherMap's /data/2.5/weather (metric units). */
export const openWeatherAnswer = (url: URL) => ({
  coord: { lat: Number(url.searchParams.get('lat')), lon: Number(url.searchParams.get('lon')) },
  weather: [
    {
      id: 500,
      main: 'Rain',
      description: url.searchParams.get('lang') === 'fr' ? 'légère pluie' : 'light rain',
      icon: '10d',
    },
  ],
  main: { temp: 11.84, humidity: 88 },
  wind: { speed: 5, deg: 300 },
  visibility: 8000,
  name: 'Limoux',
});

/** Answers like Nominatim's /reverse?format=jsonv2&addressdetails=1. */
export const nominatimAnswer = (url: URL) => {
  if (url.pathname === '/search') return nominatimSearchAnswer(url);
  const lat = Number(url.searchParams.get('lat'));
  const place = lat > 43 ? { town: 'Limoux' } : { village: 'Quillan' };
  return {
    place_id: 1,
    lat: String(lat),
    lon: url.searchParams.get('lon'),
    display_name: 'Limoux, Aude, Occitanie, France',
    address: {
      ...place,
      county: 'Aude',
      state: 'Occitanie',
      country: url.searchParams.get('accept-language') === 'nl' ? 'Frankrijk' : 'France',
      country_code: 'fr',
    },
  };
};

/**
 * Nominatim's search: a street in Limoux for any words, and one far away
 * (Toulouse) that the service area must filter out; none for "nowhere".
 */
function nominatimSearchAnswer(url: URL) {
  const q = url.searchParams.get('q') ?? '';
  if (/nowhere/i.test(q)) return [];
  return [
    {
      place_id: 2,
      lat: '43.0561',
      lon: '2.2191',
      display_name: `${q}, Limoux, Aude, Occitanie, France`,
      address: { house_number: '12', road: 'Avenue Fabre d’Églantine', town: 'Limoux', country: 'France' },
    },
    {
      place_id: 3,
      lat: '43.6045',
      lon: '1.4440',
      display_name: `${q}, Toulouse, Haute-Garonne, France`,
      address: { road: 'Rue de Metz', city: 'Toulouse', country: 'France' },
    },
  ];
}
