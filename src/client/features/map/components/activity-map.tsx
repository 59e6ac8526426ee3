import L from 'leaflet';
import 'leaflet.markercluster';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import '../../../components/map/map.css';
import { Crosshair, Minus, Plus } from 'lucide-react';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_COLORS } from '../../../../domain/activities';
import { LIMOUX, MAP_MAX_ZOOM, MAP_MIN_ZOOM, MAP_START_ZOOM } from '../../../../domain/geo';
import { cn } from '../../../lib/cn';
import type { MapActivity } from '../types';
import { pinIcon, textContent, useTileLayer } from '../../../components/map/leaflet-parts';

/** Leaflet's tiles fade in over 0.2 s (leaflet.css), and a little more. */
const TILE_FADE_MS = 300;

export interface ActivityMapProps {
  activities: MapActivity[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  /** 'full': the map page (its route shows the selected marker's card); 'side': beside the results, selection highlights a card. */
  variant: 'full' | 'side';
  /** Fit the view to the markers whenever they change (the side map follows the filters). */
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
  activity: MapActivity,
  label: string,
  shown: RefObject<number | null>,
  select: RefObject<(id: number | null) => void>,
): L.Marker {
  const marker = L.marker([activity.latitude, activity.longitude], {
    icon: pinIcon(CATEGORY_COLORS[activity.category], false),
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
  // added (out of a cluster, say): it gets its name and state here. A new icon reuses the element.
  marker.on('add', () => {
    const element = marker.getElement();
    element?.setAttribute('aria-label', label);
    element?.setAttribute('aria-pressed', String(shown.current === activity.id));
  });
  return marker;
}

/**
 * A Leaflet map of activities: one coloured marker per activity, clustered
 * when they crowd; hover shows a tooltip, a click (or Enter on a focused
 * marker) selects. Without tile network it still shows markers on a plain
 * background. Loaded lazily: Leaflet is not part of any first load.
 */
export default function ActivityMap({
  activities,
  selectedId,
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
  const clusterRef = useRef<L.MarkerClusterGroup | null>(null);
  const markersRef = useRef(new Map<number, L.Marker>());
  const onSelectRef = useRef(onSelect);
  const tRef = useRef(t);
  const [zoom, setZoom] = useState(MAP_START_ZOOM);
  const onPreviewDoneRef = useRef(onPreviewDone);
  const uncover = useCallback(() => onPreviewDoneRef.current?.(), []);
  useEffect(() => {
    onSelectRef.current = onSelect;
    tRef.current = t;
    onPreviewDoneRef.current = onPreviewDone;
  }, [onSelect, t, onPreviewDone]);

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
    const cluster = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: 40,
      spiderfyOnMaxZoom: true,
      // A cluster is a button (Enter zooms in); its name says how many activities it holds.
      iconCreateFunction: (group) => {
        const html = document.createElement('span');
        const count = html.appendChild(textContent(String(group.getChildCount())));
        count.className = 'dl-cluster';
        count.setAttribute('aria-hidden', 'true');
        html
          .appendChild(textContent(tRef.current('map.clusterLabel', { count: group.getChildCount() })))
          .setAttribute('class', 'sr-only');
        return L.divIcon({ className: '', html, iconSize: [40, 40] });
      },
    });
    map.addLayer(cluster);
    map.on('zoomend', () => setZoom(map.getZoom()));
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
    clusterRef.current = cluster;
    const markers = markersRef.current;
    return () => {
      container.removeEventListener('keydown', onKeyDown, true);
      map.remove();
      mapRef.current = null;
      clusterRef.current = null;
      markers.clear();
    };
  }, [variant, uncover]);

  // Leaflet fades its tiles in: the preview goes once they are whole.
  useTileLayer(mapRef, () => window.setTimeout(uncover, TILE_FADE_MS));

  // Markers follow the activities, in a task of their own after the map's (docs/rendering.md#map-preview);
  // `markersDrawn` then tells the selection below that they are there.
  const [markersDrawn, setMarkersDrawn] = useState(0);
  /** The selection the markers show (set by the selection's effect below). */
  const shownSelection = useRef<number | null>(null);
  useEffect(() => {
    const cluster = clusterRef.current;
    const map = mapRef.current;
    if (!cluster || !map) return;
    const adding = window.setTimeout(() => {
      cluster.clearLayers();
      markersRef.current.clear();
      const markers = activities.map((activity) => {
        const marker = activityMarker(
          activity,
          t('map.markerLabel', { name: activity.name }),
          shownSelection,
          onSelectRef,
        );
        markersRef.current.set(activity.id, marker);
        return marker;
      });
      cluster.addLayers(markers);
      if (fitToMarkers && markers.length > 0) {
        const bounds = L.latLngBounds(activities.map((a) => [a.latitude, a.longitude] as [number, number]));
        map.fitBounds(bounds, { padding: [30, 30], maxZoom: 13 });
      }
      setMarkersDrawn((n) => n + 1);
    });
    return () => window.clearTimeout(adding);
  }, [activities, fitToMarkers, t]);

  // The selected marker stands out, with its tooltip open. Only the markers whose state changes are
  // drawn again: the one selected before and the one now (docs/rendering.md#map-preview).
  useEffect(() => {
    const cluster = clusterRef.current;
    const previous = shownSelection.current;
    shownSelection.current = selectedId;
    for (const id of new Set([previous, selectedId])) {
      const marker = id === null ? undefined : markersRef.current.get(id);
      const activity = activities.find((a) => a.id === id);
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
      if (selected) cluster?.zoomToShowLayer(marker, () => marker.openTooltip());
    }
  }, [selectedId, activities, markersDrawn]);

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
    </div>
  );
}
