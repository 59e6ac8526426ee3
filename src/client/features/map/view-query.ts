/**
 * The view the map asks the server for (docs/api.md#the-map): the 256-pixel tiles that cover what the
 * map shows at its zoom, so that a small pan asks the same URL again (answered from the caches) and
 * the markers just outside the frame are there when it moves.
 */
export interface MapView {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

/** Web Mercator's edge: Leaflet's tiles stop there. */
const MAX_LAT = 85.05112878;

const tileX = (lon: number, n: number) => ((lon + 180) / 360) * n;
const tileY = (lat: number, n: number) => {
  const sin = Math.sin((Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n;
};
const lonOf = (x: number, n: number) => (x / n) * 360 - 180;
const latOf = (y: number, n: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;
const fixed = (degrees: number) => Number(degrees.toFixed(5));

/** The tiles around a view (edges in degrees, as Leaflet's bounds give them), within the world's. */
export function viewQuery(bounds: MapView): MapView {
  const zoom = Math.max(0, Math.round(bounds.zoom));
  const n = 2 ** zoom;
  const x0 = Math.max(0, Math.floor(tileX(bounds.west, n)));
  const x1 = Math.min(n, Math.ceil(tileX(bounds.east, n)));
  const y0 = Math.max(0, Math.floor(tileY(bounds.north, n)));
  const y1 = Math.min(n, Math.ceil(tileY(bounds.south, n)));
  return {
    west: fixed(lonOf(x0, n)),
    east: fixed(lonOf(Math.max(x1, x0 + 1), n)),
    north: fixed(Math.min(MAX_LAT, latOf(y0, n))),
    south: fixed(Math.max(-MAX_LAT, latOf(Math.max(y1, y0 + 1), n))),
    zoom,
  };
}
