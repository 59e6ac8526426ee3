import type { Position } from '../../../domain/geo';

/** The size of a tile image from the tile server, in its pixels. */
const SERVER_TILE_PX = 256;

export interface GridTile {
  url: string;
  /** From the centre of the map's frame to the tile's top left corner, in CSS px. */
  left: number;
  top: number;
  /** Whether the tile is seen in the smallest frame (a phone's): those are asked at once. */
  near: boolean;
}

export interface GridOptions {
  /** Each tile's side on screen, in CSS px: 256, or 128 for the next zoom level's tiles. */
  size: number;
  /** How far from the centre tiles are drawn: half the largest frame, in CSS px. */
  reach: { x: number; y: number };
  /** Half the smallest frame: tiles within it are `near`. */
  near: { x: number; y: number };
}

/**
 * Web Mercator (EPSG:3857, as Leaflet and every tile server use) in CSS px at `zoom`, where the
 * world is 256 * 2^zoom px wide.
 */
export function project({ lat, lon }: Position, zoom: number): { x: number; y: number } {
  const world = SERVER_TILE_PX * 2 ** zoom;
  const sin = Math.sin((Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180);
  return {
    x: ((lon + 180) / 360) * world,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world,
  };
}

/**
 * A tile address from the configured template, as Leaflet fills it in on a sharp screen: subdomains
 * a, b and c, and `{r}` as `@2x`.
 */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  const values: Record<string, string> = {
    r: '@2x',
    z: String(z),
    x: String(x),
    y: String(y),
    s: 'abc'[Math.abs(x + y) % 3] ?? 'a',
  };
  return template.replace(/\{(\w+)\}/g, (_match, key: string) => values[key] ?? '');
}

/**
 * The tiles Leaflet will draw for a map centred on `center` at `zoom` (docs/rendering.md#map-preview),
 * each placed from the frame's centre: the server can draw them before any script, whatever the
 * frame's size. Tiles of `size` 128 are the next zoom level's, as Leaflet draws them on a sharp screen.
 */
export function tileGrid(template: string, center: Position, zoom: number, options: GridOptions): GridTile[] {
  const { size } = options;
  const urlZoom = zoom + Math.log2(SERVER_TILE_PX / size);
  const middle = project(center, zoom);
  const first = (from: number) => Math.floor(from / size);
  const tiles: GridTile[] = [];
  for (let y = first(middle.y - options.reach.y); y * size < middle.y + options.reach.y; y++) {
    for (let x = first(middle.x - options.reach.x); x * size < middle.x + options.reach.x; x++) {
      const left = x * size - middle.x;
      const top = y * size - middle.y;
      const near =
        left < options.near.x && left + size > -options.near.x && top < options.near.y && top + size > -options.near.y;
      tiles.push({ url: tileUrl(template, urlZoom, x, y), left, top, near });
    }
  }
  return tiles;
}
