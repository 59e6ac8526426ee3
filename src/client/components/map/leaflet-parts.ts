import L from 'leaflet';
import { type RefObject, useEffect } from 'react';
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

/** Adds the configured tile layer (MAP_TILE_URL) to the map once the server has said which. */
export function useTileLayer(mapRef: RefObject<L.Map | null>) {
  const config = useClientConfig();
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !config.data) return;
    const tiles = L.tileLayer(config.data.mapTileUrl, {
      attribution: config.data.mapAttribution,
      maxZoom: MAP_MAX_ZOOM,
    });
    tiles.addTo(map);
    return () => {
      tiles.remove();
    };
  }, [config.data, mapRef]);
}
