/** Default origin: the centre of Limoux (docs/product.md#distance). */
export const LIMOUX = { lat: 43.0547, lon: 2.2186 } as const;

/** Mean Earth radius in km (IUGG), as used for the seed's distance_km. */
export const EARTH_RADIUS_KM = 6371.0088;

export interface Position {
  lat: number;
  lon: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km between two positions (haversine formula). */
export function haversineKm(a: Position, b: Position): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distances are shown in km with one decimal. */
export function roundKm(km: number): number {
  return Math.round(km * 10) / 10;
}

/** The map starts on Limoux at this zoom; re-center returns here (docs/product.md#maps). */
export const MAP_START_ZOOM = 10;
export const MAP_MIN_ZOOM = 7;
export const MAP_MAX_ZOOM = 18;

/** A visitor this close to a town is in it, so it is not "nearby". */
const IN_TOWN_KM = 1.5;

/**
 * The `count` towns nearest to `origin` among the places given, each town
 * once (at its nearest place), leaving out the town the visitor is in.
 */
export function nearestTowns(
  origin: Position,
  places: readonly { city: string; latitude: number; longitude: number }[],
  count = 2,
): { city: string; km: number }[] {
  const best = new Map<string, number>();
  for (const place of places) {
    const km = haversineKm(origin, { lat: place.latitude, lon: place.longitude });
    const known = best.get(place.city);
    if (known === undefined || km < known) best.set(place.city, km);
  }
  return [...best.entries()]
    .map(([city, km]) => ({ city, km }))
    .filter((town) => town.km > IN_TOWN_KM)
    .sort((a, b) => a.km - b.km)
    .slice(0, count);
}

/** Where the guide's places lie: positions farther than `radiusKm` from `center` are refused. */
export interface ServiceArea {
  center: Position;
  radiusKm: number;
}

/** By default: within 80 km of Limoux (configurable on the server: SERVICE_AREA_CENTER, SERVICE_AREA_KM). */
export const DEFAULT_SERVICE_AREA: ServiceArea = { center: { ...LIMOUX }, radiusKm: 80 };

export function isInServiceArea(area: ServiceArea, position: Position): boolean {
  return haversineKm(area.center, position) <= area.radiusKm;
}
