import { describe, expect, it } from 'vitest';
import places from '../server/db/seed/data/places.json' with { type: 'json' };
import { haversineKm, LIMOUX, nearestTowns, roundKm } from './geo.js';

describe('haversineKm', () => {
  it('is 0 for the same place and symmetric', () => {
    expect(haversineKm(LIMOUX, LIMOUX)).toBe(0);
    const quillan = { lat: 42.8756, lon: 2.1856 };
    expect(haversineKm(LIMOUX, quillan)).toBeCloseTo(haversineKm(quillan, LIMOUX), 10);
    // One degree of latitude is about 111.2 km.
    expect(roundKm(haversineKm({ lat: 0, lon: 0 }, { lat: 1, lon: 0 }))).toBe(111.2);
  });

  it.each(places.map((p) => [p.id, p] as const))('matches the checked distance of %s', (_id, place) => {
    expect(roundKm(haversineKm(LIMOUX, { lat: place.latitude, lon: place.longitude }))).toBe(place.distance_km);
  });
});

describe('nearestTowns', () => {
  const places = [
    { city: 'Limoux', latitude: 43.0547, longitude: 2.2186 },
    { city: 'Limoux', latitude: 43.06, longitude: 2.22 },
    { city: 'Alet-les-Bains', latitude: 42.9947, longitude: 2.2556 },
    { city: 'Quillan', latitude: 42.8756, longitude: 2.1856 },
    { city: 'Couiza', latitude: 42.9422, longitude: 2.2539 },
    { city: 'Alet-les-Bains', latitude: 42.9, longitude: 2.2556 },
  ];

  it('names the two nearest other towns, each once', () => {
    expect(nearestTowns(LIMOUX, places).map((t) => t.city)).toEqual(['Alet-les-Bains', 'Couiza']);
    expect(nearestTowns(LIMOUX, places)[0]?.km).toBeCloseTo(haversineKm(LIMOUX, { lat: 42.9947, lon: 2.2556 }), 5);
  });

  it('leaves out the town the visitor is in, and copes with few places', () => {
    const quillan = { lat: 42.8756, lon: 2.1856 };
    expect(nearestTowns(quillan, places).map((t) => t.city)).toEqual(['Alet-les-Bains', 'Couiza']);
    expect(nearestTowns(quillan, places, 3).map((t) => t.city)).toEqual(['Alet-les-Bains', 'Couiza', 'Limoux']);
    expect(nearestTowns(LIMOUX, places.slice(0, 2))).toEqual([]);
    expect(nearestTowns(LIMOUX, [], 2)).toEqual([]);
  });
});
