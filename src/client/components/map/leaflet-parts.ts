import L from 'leaflet';
import { type RefObject, useEffect, useRef } from 'react';
import { MAP_MAX_ZOOM } from '../../../domain/geo';
import { useClientConfig } from '../../lib/client-config';

/**
 * Content for Leaflet (tooltips, popups) as a text node: Leaflet writes a
 * string with innerHTML, and names come from providers (docs/security.md).
 */
export function textContent(text: string): HTMLElement {
  const element = document.createElement('span');
  element.textContent = text;
  return element;
}

/** A teardrop pin in the category's colour; `selected` makes it stand out. */
export function pinIcon(color: string, selected = false) {
  return L.divIcon({
    className: '',
    html: `<span class="dl-pin${selected ? ' dl-pin--selected' : ''}" style="--pin:${color}"></span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 28],
    tooltipAnchor: [0, -30],
  });
}

/**
 * On a screen with more than one device pixel per CSS pixel, each 256 px tile is drawn at 128 CSS
 * px from the next zoom level, so the map is as sharp as the text beside it (docs/rendering.md#map-tiles).
 * At the map's last zoom the tiles of the level before are scaled up: a tile server's last level is
 * the map's, never one deeper.
 */
const SHARP_TILES: L.TileLayerOptions = { tileSize: 128, zoomOffset: 1, maxNativeZoom: MAP_MAX_ZOOM - 1 };

/**
 * Adds the configured tile layer (MAP_TILE_URL) to the map once the server has said which;
 * `onDrawn` is called once its first tiles have loaded or failed.
 */
export function useTileLayer(mapRef: RefObject<L.Map | null>, onDrawn?: () => void) {
  const config = useClientConfig();
  const onDrawnRef = useRef(onDrawn);
  useEffect(() => {
    onDrawnRef.current = onDrawn;
  }, [onDrawn]);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !config.data) return;
    const tiles = L.tileLayer(config.data.mapTileUrl, {
      attribution: config.data.mapAttribution,
      maxZoom: MAP_MAX_ZOOM,
      ...(window.devicePixelRatio > 1 ? SHARP_TILES : {}),
    });
    tiles.once('load', () => onDrawnRef.current?.());
    // In a task of its own, apart from making the map and its markers: each piece stays short, and
    // the page answers in between (docs/rendering.md#map-preview).
    const adding = window.setTimeout(() => tiles.addTo(map));
    return () => {
      window.clearTimeout(adding);
      tiles.remove();
    };
  }, [config.data, mapRef]);
}
