import fc from 'fast-check';
import Supercluster from 'supercluster';
import { describe, expect, it } from 'vitest';
import { MAP_CLUSTER_MAX_ZOOM, MAP_CLUSTER_RADIUS } from '../../../domain/map.js';
import { compact } from './service.js';

/**
 * The map's indexes are made smaller after supercluster builds them, through fields it does not
 * document (docs/read-model.md#the-maps-clusters): a compact index must show every view as the index
 * supercluster built, its markers as their positions and its clusters to the metre.
 */
type Point = [lon: number, lat: number];

function indexes(points: Point[]) {
  const features = points.map(([lon, lat], k): Supercluster.PointFeature<{ k: number }> => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [lon, lat] },
    properties: { k },
  }));
  const options = { radius: MAP_CLUSTER_RADIUS, extent: 256, maxZoom: MAP_CLUSTER_MAX_ZOOM };
  const plain = new Supercluster<{ k: number }>(options).load(features);
  const small = new Supercluster<{ k: number }>(options).load(features);
  compact(small, points.length);
  return { plain, small };
}

type Seen =
  | { marker: number; given: 'position' | 'feature' }
  | { cluster: number; count: number; lon: number; lat: number; splits: number };

function view(index: Supercluster<{ k: number }>, bbox: [number, number, number, number], zoom: number): Seen[] {
  return (index.getClusters(bbox, zoom) as unknown[]).map((found): Seen => {
    if (typeof found === 'number') return { marker: found, given: 'position' };
    const feature = found as Supercluster.ClusterFeature<{ k: number }> | Supercluster.PointFeature<{ k: number }>;
    const [lon, lat] = feature.geometry.coordinates as Point;
    if ('cluster' in feature.properties) {
      const id = feature.properties.cluster_id;
      return {
        cluster: id,
        count: feature.properties.point_count,
        lon,
        lat,
        splits: index.getClusterExpansionZoom(id),
      };
    }
    return { marker: feature.properties.k, given: 'feature' };
  });
}

function expectSameViews(points: Point[], views: { bbox: [number, number, number, number]; zoom: number }[]) {
  const { plain, small } = indexes(points);
  for (const { bbox, zoom } of views) {
    const expected = view(plain, bbox, zoom);
    const seen = view(small, bbox, zoom);
    expect(seen.length).toBe(expected.length);
    expected.forEach((one, i) => {
      const other = seen[i] as Seen;
      if ('marker' in one) {
        // The compact index gives a marker as its position k, which the map's views read (viewAt).
        expect(other).toEqual({ marker: one.marker, given: 'position' });
        return;
      }
      expect(other).toMatchObject({ cluster: one.cluster, count: one.count, splits: one.splits });
      // A 32-bit centre: within about 2 metres (2e-5 of a degree).
      expect(Math.abs((other as typeof one).lon - one.lon)).toBeLessThan(2e-5);
      expect(Math.abs((other as typeof one).lat - one.lat)).toBeLessThan(2e-5);
    });
  }
}

const EVERY_ZOOM = Array.from({ length: MAP_CLUSTER_MAX_ZOOM + 2 }, (_, zoom) => zoom);

describe('a compact map index', () => {
  it('shows every view at every zoom as supercluster does, for 5,000 activities in towns and along roads', () => {
    let state = 7;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const towns: Point[] = [
      [2.2186, 43.0547],
      [2.183, 42.875],
      [2.3637, 43.2065],
      [1.95, 43.1],
    ];
    const points: Point[] = Array.from({ length: 5_000 }, (_, i) => {
      const [lon, lat] = towns[i % towns.length] as Point;
      // Half of them within a few hundred metres of a town, the others spread over the region.
      const spread = i % 2 === 0 ? 0.005 : 0.6;
      return [lon + (random() - 0.5) * spread, lat + (random() - 0.5) * spread];
    });
    const region: [number, number, number, number] = [1.5, 42.5, 3, 43.5];
    const limoux: [number, number, number, number] = [2.2, 43.04, 2.24, 43.07];
    expectSameViews(points, [
      ...EVERY_ZOOM.map((zoom) => ({ bbox: region, zoom })),
      ...EVERY_ZOOM.map((zoom) => ({ bbox: limoux, zoom })),
    ]);
  });

  it('shows any view of any set of points as supercluster does', () => {
    const lon = fc.double({ min: 1.5, max: 3, noNaN: true });
    const lat = fc.double({ min: 42.5, max: 43.5, noNaN: true });
    const point = fc.tuple(lon, lat);
    // Points and copies of some of them (activities in one place), and a view of the region.
    const points = fc
      .tuple(fc.array(point, { minLength: 1, maxLength: 300 }), fc.array(fc.nat(), { maxLength: 100 }))
      .map(([unique, copies]) => [...unique, ...copies.map((i) => unique[i % unique.length] as Point)]);
    const bbox = fc
      .tuple(lon, lat, lon, lat)
      .map(([w, s, e, n]): [number, number, number, number] => [
        Math.min(w, e),
        Math.min(s, n),
        Math.max(w, e),
        Math.max(s, n),
      ]);
    fc.assert(
      fc.property(points, bbox, fc.integer({ min: 0, max: MAP_CLUSTER_MAX_ZOOM + 1 }), (all, box, zoom) => {
        expectSameViews(all, [{ bbox: box, zoom }]);
      }),
      { numRuns: 200 },
    );
  });
});
