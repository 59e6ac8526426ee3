import type { Position } from '../../../domain/geo';
import { useClientConfig } from '../../lib/client-config';
import { tileGrid } from './tile-grid';

/*
 * Half the frames the map page's map can have: a phone's (up to 400 x 560 px) has its tiles
 * asked at once; up to a large screen's (960 x 960 px) the rest load only if the frame shows them.
 */
const NEAR = { x: 200, y: 280 };
const REACH = { x: 480, y: 480 };

/**
 * The map's tiles as plain images, drawn by the server under where Leaflet will be
 * (docs/rendering.md#map-preview): the map is seen before its scripts arrive, and Leaflet then
 * draws the same tiles, from the browser's cache, over them. Without the tile address (the
 * configuration not read) it draws nothing, and the frame's background shows.
 */
export function MapPreview({ center, zoom }: { center: Position; zoom: number }) {
  const config = useClientConfig();
  const template = config.data?.mapTileUrl;
  if (!template) return null;
  const tiles = tileGrid(template, center, zoom, { size: 128, reach: REACH, near: NEAR });
  return (
    <div aria-hidden data-map-preview className="pointer-events-none absolute inset-0 overflow-hidden">
      {tiles.map((tile) => (
        <img
          key={tile.url}
          src={tile.url}
          alt=""
          width={128}
          height={128}
          loading={tile.near ? 'eager' : 'lazy'}
          decoding={tile.near ? 'sync' : 'async'}
          // The four around the centre first: the map's first paint needs one tile, not twenty.
          fetchPriority={Math.abs(tile.left + 64) <= 64 && Math.abs(tile.top + 64) <= 64 ? 'high' : 'auto'}
          className="absolute max-w-none"
          style={{ left: `calc(50% + ${tile.left.toFixed(1)}px)`, top: `calc(50% + ${tile.top.toFixed(1)}px)` }}
        />
      ))}
    </div>
  );
}
