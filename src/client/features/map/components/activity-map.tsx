import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import '../../../components/map/map.css';
import { Crosshair, Minus, Plus } from 'lucide-react';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_COLORS } from '../../../../domain/activities';
import { LIMOUX, MAP_MAX_ZOOM, MAP_MIN_ZOOM, MAP_START_ZOOM } from '../../../../domain/geo';
import type { MapAnswer, MapCluster, MapMarker } from '../../../../domain/map';
import type { QueryValue } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { pinIcon, textContent, useTileLayer } from '../../../components/map/leaflet-parts';
import { useMapView } from '../api/get-map-view';
import { buttonClass } from '../../../components/ui/button';
import { type MapView, viewQuery } from '../view-query';

/** Leaflet's tiles fade in over 0.2 s (leaflet.css), and a little more. */
const TILE_FADE_MS = 300;
/** A view is asked for once the map has stood still this long: a drag or a few zoom clicks ask once. */
const VIEW_DEBOUNCE_MS = 120;
/** Markers on one spot are drawn around it, this many pixels away, so each can be clicked. */
const SAME_SPOT_PX = 18;

export interface ActivityMapProps {
  /**
   * The list's filters and `lng` (docs/api.md#the-map): the map asks the server for the clusters and
   * markers of its view with them, whenever the view or the filters change.
   */
  filters: Record<string, QueryValue>;
  selectedId: number | null;
  /** Where the selected activity is, when the page knows: a selection made beside the map shows it there. */
  selectedAt?: { latitude: number; longitude: number } | null;
  onSelect: (id: number | null) => void;
  /** 'full': the map page (its route shows the selected marker's card); 'side': beside the results, selection highlights a card. */
  variant: 'full' | 'side';
  /** Fit the view to every match whenever the filters change (the side map follows the filters). */
  fitToMarkers?: boolean;
  className?: string;
  /**
   * The frame holds the server's preview of the same tiles under the map (docs/rendering.md#map-preview):
   * while `previewed`, the map is see-through; once Leaflet's first tiles are in or the view moves, it
   * calls `onPreviewDone`, and the frame takes the preview away.
   */
  previewed?: boolean;
  onPreviewDone?: () => void;
}

/**
 * One activity's marker: a pin in its category's colour with its name as tooltip, a button (role,
 * name, pressed while `shown` is its id once Leaflet adds it to the map) that calls `select`.
 */
function activityMarker(
  activity: MapMarker,
  label: string,
  shown: RefObject<number | null>,
  select: RefObject<(id: number | null) => void>,
): L.Marker {
  const marker = L.marker([activity.lat, activity.lon], {
    icon: pinIcon(CATEGORY_COLORS[activity.category], shown.current === activity.id),
    keyboard: true,
    title: activity.name,
    alt: activity.name,
    riseOnHover: true,
  });
  marker.bindTooltip(textContent(activity.name), { direction: 'top', className: 'dl-tooltip' });
  marker.on('click', (event) => {
    L.DomEvent.stopPropagation(event);
    select.current(activity.id);
  });
  // Leaflet makes a keyboard marker's element a button, and a new element each time the marker is
  // added: it gets its name and state here. A new icon reuses the element.
  marker.on('add', () => {
    const element = marker.getElement();
    element?.setAttribute('aria-label', label);
    element?.setAttribute('aria-pressed', String(shown.current === activity.id));
  });
  return marker;
}

/**
 * A cluster of the server's (docs/api.md#the-map): its count in a circle, a button whose name says how
 * many activities it holds; a click (or Enter) zooms in on it, to the zoom at which it splits.
 */
function clusterMarker(cluster: MapCluster, label: string, map: L.Map): L.Marker {
  const html = document.createElement('span');
  const count = html.appendChild(textContent(String(cluster.count)));
  count.className = 'dl-cluster';
  count.setAttribute('aria-hidden', 'true');
  html.appendChild(textContent(label)).setAttribute('class', 'sr-only');
  const marker = L.marker([cluster.lat, cluster.lon], {
    icon: L.divIcon({ className: '', html, iconSize: [40, 40] }),
    keyboard: true,
  });
  marker.on('click', (event) => {
    L.DomEvent.stopPropagation(event);
    const zoom = Math.min(MAP_MAX_ZOOM, Math.max(cluster.expansionZoom, map.getZoom() + 1));
    map.setView([cluster.lat, cluster.lon], zoom);
  });
  return marker;
}

/** Where each marker is drawn: those on one spot around it, in a ring, so that each can be clicked. */
function spread(map: L.Map, markers: MapMarker[]): Map<number, L.LatLng> {
  const bySpot = new Map<string, MapMarker[]>();
  for (const marker of markers) {
    const key = `${marker.lat},${marker.lon}`;
    bySpot.set(key, [...(bySpot.get(key) ?? []), marker]);
  }
  const zoom = map.getZoom();
  const at = new Map<number, L.LatLng>();
  for (const group of bySpot.values()) {
    group.forEach((marker, i) => {
      if (group.length === 1) {
        at.set(marker.id, L.latLng(marker.lat, marker.lon));
        return;
      }
      const centre = map.project([marker.lat, marker.lon], zoom);
      const angle = (2 * Math.PI * i) / group.length;
      const radius = SAME_SPOT_PX * Math.max(1, group.length / 6);
      at.set(marker.id, map.unproject(centre.add([radius * Math.cos(angle), radius * Math.sin(angle)]), zoom));
    });
  }
  return at;
}

/** The map's view as Leaflet has it, as the tiles the server is asked about. */
function viewOf(map: L.Map): MapView {
  const bounds = map.getBounds();
  return viewQuery({
    west: bounds.getWest(),
    south: bounds.getSouth(),
    east: bounds.getEast(),
    north: bounds.getNorth(),
    zoom: map.getZoom(),
  });
}

/**
 * A Leaflet map of activities: the server gathers them into clusters where they crowd and sends the
 * view's clusters and markers (docs/api.md#the-map); one coloured marker per activity, hover shows a
 * tooltip, a click (or Enter on a focused marker) selects, a cluster zooms in. Without tile network it
 * still shows markers on a plain background. Loaded lazily: Leaflet is not part of any first load.
 */
export default function ActivityMap({
  filters,
  selectedId,
  selectedAt,
  onSelect,
  variant,
  fitToMarkers,
  className,
  previewed = false,
  onPreviewDone,
}: ActivityMapProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const markersRef = useRef(new Map<number, { marker: L.Marker; name: string }>());
  const clustersRef = useRef(new Map<string, L.Marker>());
  const onSelectRef = useRef(onSelect);
  const [zoom, setZoom] = useState(MAP_START_ZOOM);
  const [view, setView] = useState<MapView | null>(null);
  /** Goes up whenever the map has moved: what is drawn is what the frame shows. */
  const [moved, setMoved] = useState(0);
  const onPreviewDoneRef = useRef(onPreviewDone);
  const uncover = useCallback(() => onPreviewDoneRef.current?.(), []);
  useEffect(() => {
    onSelectRef.current = onSelect;
    onPreviewDoneRef.current = onPreviewDone;
  }, [onSelect, onPreviewDone]);

  // The map itself, once.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, {
      center: [LIMOUX.lat, LIMOUX.lon],
      zoom: MAP_START_ZOOM,
      minZoom: MAP_MIN_ZOOM,
      maxZoom: MAP_MAX_ZOOM,
      zoomControl: false,
      scrollWheelZoom: variant === 'full',
      keyboard: true,
    });
    const layer = L.layerGroup().addTo(map);
    map.on('zoomend', () => setZoom(map.getZoom()));
    // The view the server is asked about follows the map once it stands still.
    let asking: number | undefined;
    map.on('moveend', () => {
      window.clearTimeout(asking);
      asking = window.setTimeout(() => {
        setView(viewOf(map));
        setMoved((n) => n + 1);
      }, VIEW_DEBOUNCE_MS);
    });
    setView(viewOf(map));
    // The preview under the map stays where it is: once the view moves it would show beside it.
    map.once('movestart zoomstart', uncover);
    // A click on the map (not on a marker) clears the selection.
    map.on('click', () => onSelectRef.current(null));
    // Markers and clusters are focusable buttons: Enter or Space does what a click does.
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if ((event.key === 'Enter' || event.key === ' ') && target.classList.contains('leaflet-marker-icon')) {
        event.preventDefault();
        event.stopPropagation();
        target.click();
      }
    };
    container.addEventListener('keydown', onKeyDown, true);
    mapRef.current = map;
    layerRef.current = layer;
    const markers = markersRef.current;
    const clusters = clustersRef.current;
    return () => {
      window.clearTimeout(asking);
      container.removeEventListener('keydown', onKeyDown, true);
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
      markers.clear();
      clusters.clear();
    };
  }, [variant, uncover]);

  // Leaflet fades its tiles in: the preview goes once they are whole.
  useTileLayer(mapRef, () => window.setTimeout(uncover, TILE_FADE_MS));

  const filtersKey = JSON.stringify(filters);
  const query = useMemo(
    () => (view === null ? null : { ...(JSON.parse(filtersKey) as Record<string, QueryValue>), ...view }),
    [filtersKey, view],
  );
  const answer = useMapView(query);
  const data: MapAnswer | undefined = answer.data;

  // The side map shows every match whenever the filters change: fitted once to the box around them.
  const fittedFor = useRef<string | null>(null);
  useEffect(() => {
    const map = mapRef.current;
    if (!fitToMarkers || !map || !data || answer.isPlaceholderData || fittedFor.current === filtersKey) return;
    fittedFor.current = filtersKey;
    if (data.bounds) {
      const [west, south, east, north] = data.bounds;
      map.fitBounds(
        [
          [south, west],
          [north, east],
        ],
        { padding: [30, 30], maxZoom: 13 },
      );
    }
  }, [fitToMarkers, data, answer.isPlaceholderData, filtersKey]);

  // Markers and clusters follow the answer, in a task of their own after the map's
  // (docs/rendering.md#map-preview): those that stay are kept (no blink, the focus stays), the others
  // come and go. `markersDrawn` then tells the selection below that they are there.
  const [markersDrawn, setMarkersDrawn] = useState(0);
  /** The selection the markers show (set by the selection's effect below). */
  const shownSelection = useRef<number | null>(null);
  useEffect(() => {
    const layer = layerRef.current;
    const map = mapRef.current;
    if (!layer || !map || !data) return;
    const adding = window.setTimeout(() => {
      // The answer covers whole tiles around the frame; only what the frame shows is drawn, so that
      // no marker that cannot be seen takes the keyboard's focus.
      const frame = map.getBounds().pad(0.05);
      const inFrame = (item: { lat: number; lon: number }) => frame.contains([item.lat, item.lon]);
      const shown = { markers: data.markers.filter(inFrame), clusters: data.clusters.filter(inFrame) };
      const drawn = markersRef.current;
      const wanted = new Map(shown.markers.map((marker) => [marker.id, marker]));
      for (const [id, kept] of drawn) {
        if (wanted.get(id)?.name !== kept.name) {
          layer.removeLayer(kept.marker);
          drawn.delete(id);
        }
      }
      const at = spread(map, shown.markers);
      for (const marker of shown.markers) {
        let kept = drawn.get(marker.id);
        if (!kept) {
          const made = activityMarker(marker, t('map.markerLabel', { name: marker.name }), shownSelection, onSelectRef);
          kept = { marker: made, name: marker.name };
          drawn.set(marker.id, kept);
          kept.marker.setLatLng(at.get(marker.id) ?? [marker.lat, marker.lon]);
          layer.addLayer(kept.marker);
        } else {
          kept.marker.setLatLng(at.get(marker.id) ?? [marker.lat, marker.lon]);
        }
      }
      const clusters = clustersRef.current;
      const keyOf = (cluster: MapCluster) => `${cluster.lat},${cluster.lon},${cluster.count},${cluster.expansionZoom}`;
      const wantedClusters = new Set(shown.clusters.map(keyOf));
      for (const [key, marker] of clusters) {
        if (!wantedClusters.has(key)) {
          layer.removeLayer(marker);
          clusters.delete(key);
        }
      }
      for (const cluster of shown.clusters) {
        const key = keyOf(cluster);
        if (clusters.has(key)) continue;
        const marker = clusterMarker(cluster, t('map.clusterLabel', { count: cluster.count }), map);
        clusters.set(key, marker);
        layer.addLayer(marker);
      }
      setMarkersDrawn((n) => n + 1);
    });
    return () => window.clearTimeout(adding);
  }, [data, moved, t]);

  // A selection made beside the map (the list) is brought into view: the map moves to it, and zooms
  // in on the cluster nearest to it until it stands alone.
  const revealing = useRef<{ id: number; latitude: number; longitude: number } | null>(null);
  const [selectedLat, selectedLon] = [selectedAt?.latitude, selectedAt?.longitude];
  useEffect(() => {
    if (selectedId === null || selectedLat === undefined || selectedLon === undefined) {
      revealing.current = null;
      return;
    }
    if (revealing.current?.id === selectedId) return;
    revealing.current = markersRef.current.has(selectedId)
      ? null
      : { id: selectedId, latitude: selectedLat, longitude: selectedLon };
    const map = mapRef.current;
    if (revealing.current && map) map.setView([selectedLat, selectedLon], map.getZoom());
  }, [selectedId, selectedLat, selectedLon]);

  // The selected marker stands out, with its tooltip open. Only the markers whose state changes are
  // drawn again: the one selected before and the one now (docs/rendering.md#map-preview).
  useEffect(() => {
    const map = mapRef.current;
    const previous = shownSelection.current;
    shownSelection.current = selectedId;
    const reveal = revealing.current;
    if (map && reveal && reveal.id === selectedId && data && !data.markers.some((m) => m.id === reveal.id)) {
      // Still in a cluster: the one nearest to it splits next.
      const nearest = data.clusters.reduce<MapCluster | null>((best, cluster) => {
        const d = (c: MapCluster) => (c.lat - reveal.latitude) ** 2 + (c.lon - reveal.longitude) ** 2;
        return best === null || d(cluster) < d(best) ? cluster : best;
      }, null);
      if (nearest && map.getZoom() < MAP_MAX_ZOOM) {
        const next = Math.min(MAP_MAX_ZOOM, Math.max(nearest.expansionZoom, map.getZoom() + 1));
        map.setView([reveal.latitude, reveal.longitude], next);
      } else revealing.current = null;
    }
    for (const id of new Set([previous, selectedId])) {
      const marker = id === null ? undefined : markersRef.current.get(id)?.marker;
      const activity = data?.markers.find((a) => a.id === id);
      if (!marker || !activity) continue;
      const selected = id === selectedId;
      marker.setIcon(pinIcon(CATEGORY_COLORS[activity.category], selected));
      marker.setZIndexOffset(selected ? 1000 : 0);
      marker.getElement()?.setAttribute('aria-pressed', String(selected));
      // The same tooltip stays open while selected: rebinding it (not a new one) keeps one
      // element, where a new tooltip would sit beside the old one while that fades out.
      const tooltip = marker.getTooltip();
      if (tooltip && Boolean(tooltip.options.permanent) !== selected) {
        marker.unbindTooltip();
        tooltip.options.permanent = selected;
        marker.bindTooltip(tooltip);
      }
      if (selected) {
        marker.openTooltip();
        if (reveal?.id === id) revealing.current = null;
      }
    }
  }, [selectedId, data, markersDrawn]);

  const controlClass =
    'flex h-10 w-10 items-center justify-center bg-white text-ink-900 hover:bg-sand-100 disabled:cursor-not-allowed disabled:opacity-40';

  return (
    // `isolate`: the map's controls (z-index 500) stay under the page's banner, dialogs and toasts.
    <div
      className={cn(
        'relative isolate overflow-hidden rounded-3xl ring-1 ring-sand-200',
        previewed && 'dl-map-previewed',
        className,
      )}
    >
      {/* Leaflet adds its own classes to this element: React must never set its class again. */}
      <div ref={containerRef} className="dl-map absolute inset-0" role="region" aria-label={t('map.label')} />
      <div className="absolute right-3 top-3 z-[500] flex flex-col overflow-hidden rounded-2xl shadow-md ring-1 ring-sand-200">
        <button
          type="button"
          className={controlClass}
          aria-label={t('map.zoomIn')}
          disabled={zoom >= MAP_MAX_ZOOM}
          onClick={() => mapRef.current?.zoomIn()}
        >
          <Plus aria-hidden className="h-5 w-5" />
        </button>
        <button
          type="button"
          className={cn(controlClass, 'border-y border-sand-200')}
          aria-label={t('map.zoomOut')}
          disabled={zoom <= MAP_MIN_ZOOM}
          onClick={() => mapRef.current?.zoomOut()}
        >
          <Minus aria-hidden className="h-5 w-5" />
        </button>
        <button
          type="button"
          className={controlClass}
          aria-label={t('map.recenter')}
          onClick={() => {
            onSelect(null);
            mapRef.current?.setView([LIMOUX.lat, LIMOUX.lon], MAP_START_ZOOM);
          }}
        >
          <Crosshair aria-hidden className="h-5 w-5" />
        </button>
      </div>
      {answer.isError && (
        <div
          role="alert"
          className="absolute inset-x-3 bottom-3 z-[500] flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-white px-4 py-3 text-sm text-ink-900 shadow-md ring-1 ring-sand-200"
        >
          <span>{t('map.loadError')}</span>
          <button
            type="button"
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
            onClick={() => void answer.refetch()}
          >
            {t('map.retry')}
          </button>
        </div>
      )}
    </div>
  );
}
