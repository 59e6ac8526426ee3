import { LRUCache } from 'lru-cache';
import Supercluster from 'supercluster';
import { CATEGORIES, type Category } from '../../../domain/activities.js';
import { MAP_MAX_ZOOM } from '../../../domain/geo.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/languages.js';
import {
  MAP_ANSWER_MAX_BYTES,
  MAP_CLUSTER_MAX_ZOOM,
  MAP_CLUSTER_RADIUS,
  type MapAnswer,
  type MapQuery,
} from '../../../domain/map.js';
import { parisClock, whenRange } from '../../../domain/opening.js';
import type { CatalogModel, CatalogPoints, MapFilters } from '../catalog/model.js';
import type { Catalog } from '../catalog/service.js';

/**
 * The map's clusters (docs/read-model.md#the-maps-clusters): one supercluster index per snapshot of
 * the read model and set of filters, built the first time a view asks for it and kept while the
 * catalogue does not change, so that a pan or a zoom only reads it.
 */

interface MapIndex {
  model: CatalogModel;
  points: CatalogPoints;
  index: Supercluster<{ k: number }>;
  bounds: [number, number, number, number] | null;
  /** Each cluster's expansion zoom, once asked: a pan shows mostly the clusters of the view before. */
  expansion: Map<number, number>;
}

/**
 * How many activities the kept indexes hold together: a compact index takes 150 (the whole
 * catalogue's) to 220 (a small category's) bytes per activity (its trees per zoom), so 150,000 is at
 * most some 33 MB: the whole of a catalogue of 50,000, its categories' and its best rated (with
 * 100,000 the map's benchmark built them again and again, docs/read-model.md#memory).
 */
const MAX_INDEXED_POINTS = 150_000;

/** Five decimals of a degree: about a metre, and a short number in the answer. */
const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;

/** The filters of a map query, and what the when filter means now: the key of its index. */
function filterKey(query: MapQuery, now: Date): string {
  const days = query.when === undefined ? null : whenRange(query.when, now);
  const clock = query.openNow ? parisClock(now) : null;
  return JSON.stringify([
    query.category ?? null,
    query.search ?? null,
    query.minPrice ?? null,
    query.maxPrice ?? null,
    query.minRating ?? null,
    query.bookable ?? null,
    query.sponsored ?? null,
    [...(query.tags ?? [])].sort(),
    days,
    clock ? `${clock.day} ${clock.minute}` : null,
  ]);
}

function filtersOf(query: MapQuery): MapFilters {
  const { west: _w, south: _s, east: _e, north: _n, zoom: _z, lng: _l, ...filters } = query;
  return filters;
}

/**
 * What supercluster 8 keeps after `load`, in fields it does not document (service.test.ts fails if
 * a version changes them): the input features, and each zoom's clusters as a plain array of numbers.
 */
interface SuperclusterInternals {
  points: ArrayLike<unknown>;
  trees: ({ data: ArrayLike<number> } | undefined)[];
}

/**
 * Past this many activities an index keeps its numbers in 64 bits: a cluster's id is about 33 times
 * the activities' count, and a 32-bit float counts exactly only up to 2^24.
 */
const FLOAT32_MAX_POINTS = 500_000;

/**
 * An index made smaller once built (docs/read-model.md#the-maps-clusters): about 200 bytes per
 * activity went to its input features, kept only to be given back as the markers of a view; in their
 * place it keeps each activity's own position k in the points (so a marker comes back as that number,
 * see viewAt). The clusters of every zoom go to 32-bit floats: a centre to about 2 metres, which the
 * answer rounds to 1 anyway. Nothing writes to them after `load`.
 */
export function compact(index: Supercluster<{ k: number }>, n: number): void {
  const internals = index as unknown as SuperclusterInternals;
  const positions = new Int32Array(n);
  for (let k = 0; k < n; k++) positions[k] = k;
  internals.points = positions;
  const Numbers = n <= FLOAT32_MAX_POINTS ? Float32Array : Float64Array;
  for (const tree of internals.trees) if (tree) tree.data = Numbers.from(tree.data);
}

function build(model: CatalogModel, query: MapQuery, now: Date): MapIndex {
  const points = model.points(filtersOf(query), now);
  const n = points.ids.length;
  const features: Supercluster.PointFeature<{ k: number }>[] = new Array(n);
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let k = 0; k < n; k++) {
    const lat = points.lat[k] as number;
    const lon = points.lon[k] as number;
    features[k] = { type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties: { k } };
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  // Leaflet's tiles are 256 pixels: with that extent the radius is in the map's own pixels.
  const index = new Supercluster<{ k: number }>({
    radius: MAP_CLUSTER_RADIUS,
    extent: 256,
    maxZoom: MAP_CLUSTER_MAX_ZOOM,
  }).load(features);
  compact(index, n);
  return { model, points, index, bounds: n === 0 ? null : [west, south, east, north], expansion: new Map() };
}

/** The clusters and markers of a view at one zoom. */
function viewAt(kept: MapIndex, query: MapQuery, zoom: number, language: Language): MapAnswer {
  const { points, index, expansion } = kept;
  const clusters: MapAnswer['clusters'] = [];
  const markers: MapAnswer['markers'] = [];
  let inView = 0;
  // A single activity comes back as its position k in the points (compact), a cluster as a feature.
  const found = index.getClusters([query.west, query.south, query.east, query.north], zoom) as (
    Supercluster.ClusterFeature<Supercluster.AnyProps> | number
  )[];
  for (const feature of found) {
    if (typeof feature === 'number') {
      const k = feature;
      markers.push({
        id: points.ids[k] as number,
        lat: round(points.lat[k] as number),
        lon: round(points.lon[k] as number),
        category: CATEGORIES[points.category[k] as number] as Category,
        name: points.name(k, language),
        sponsorLevel: points.sponsorLevel[k] as number,
      });
      inView++;
    } else {
      const [lon, lat] = feature.geometry.coordinates as [number, number];
      const id = feature.properties.cluster_id;
      let splits = expansion.get(id);
      if (splits === undefined) {
        splits = Math.min(index.getClusterExpansionZoom(id), MAP_MAX_ZOOM);
        expansion.set(id, splits);
      }
      clusters.push({
        id,
        lat: round(lat),
        lon: round(lon),
        count: feature.properties.point_count,
        expansionZoom: splits,
      });
      inView += feature.properties.point_count;
    }
  }
  return { clusters, markers, total: points.ids.length, inView, zoom, bounds: kept.bounds };
}

export interface MapClusters {
  /** What the view of `query` shows at its zoom, at most MAP_ANSWER_MAX_BYTES of JSON. */
  answer(query: MapQuery, now: Date): MapAnswer;
  /** How many indexes are kept (tests). */
  readonly size: number;
}

export function createMapClusters(catalog: Catalog): MapClusters {
  const indexes = new LRUCache<string, MapIndex>({
    max: 64,
    maxSize: MAX_INDEXED_POINTS,
    // An index of no activity still takes a little room.
    sizeCalculation: (kept) => kept.points.ids.length + 1,
  });
  // A change makes a new snapshot: the indexes of the old one go with it.
  catalog.onChange(() => indexes.clear());

  const indexFor = (query: MapQuery, now: Date): MapIndex => {
    const model = catalog.current;
    const key = filterKey(query, now);
    let kept = indexes.get(key);
    if (kept === undefined || kept.model !== model) {
      kept = build(model, query, now);
      indexes.set(key, kept);
    }
    return kept;
  };

  return {
    answer(query, now) {
      const kept = indexFor(query, now);
      const language = query.lng ?? DEFAULT_LANGUAGE;
      // Too much for one answer (a huge view, or many activities in one spot at the closest zoom):
      // the clusters of the zoom below gather more, until it fits (docs/api.md#the-map).
      // Past the last zoom that clusters every zoom shows the same markers.
      for (let zoom = Math.min(query.zoom, MAP_CLUSTER_MAX_ZOOM + 1); ; zoom--) {
        const view = viewAt(kept, query, zoom, language);
        if (zoom === 0 || Buffer.byteLength(JSON.stringify(view)) <= MAP_ANSWER_MAX_BYTES) return view;
      }
    },
    get size() {
      return indexes.size;
    },
  };
}
