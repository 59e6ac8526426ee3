import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import '../../../components/map/map.css';
import { MapPin } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isInServiceArea, type ServiceArea } from '../../../../domain/geo';
import { Input } from '../../../components/ui/input';
import { SearchInput } from '../../../components/ui/search-input';
import { useLanguage } from '../../../i18n/use-language';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { pinIcon, useTileLayer } from '../../../components/map/leaflet-parts';
import { useAddressSearch } from '../api/provider-activities';

export interface PickedPosition {
  latitude: number;
  longitude: number;
  address?: string | null;
  city?: string | null;
}

interface PositionPickerProps {
  area: ServiceArea;
  latitude: number | null;
  longitude: number | null;
  onChange: (position: PickedPosition) => void;
  /** The id of the error text about the position, when there is one. */
  errorId?: string;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Where the activity is (docs/provider-workspace.md#position): look an
 * address up and pick a result, click the map or drag the pin, or type the
 * coordinates (the way for keyboards and screen readers). The service area
 * is drawn on the map; a position outside it is refused by the form.
 */
export default function PositionPicker({ area, latitude, longitude, onChange, errorId }: PositionPickerProps) {
  const { t } = useTranslation('provider');
  const language = useLanguage();
  const id = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), 400);
  const search = useAddressSearch(debounced, language);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, {
      center: [latitude ?? area.center.lat, longitude ?? area.center.lon],
      zoom: latitude === null ? 9 : 14,
      scrollWheelZoom: false,
    });
    L.circle([area.center.lat, area.center.lon], {
      radius: area.radiusKm * 1000,
      color: '#b45309',
      weight: 1,
      fill: false,
      interactive: false,
    }).addTo(map);
    map.on('click', (event: L.LeafletMouseEvent) =>
      onChangeRef.current({ latitude: round6(event.latlng.lat), longitude: round6(event.latlng.lng) }),
    );
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
    // The map is made once; the position follows below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [area.center.lat, area.center.lon, area.radiusKm]);

  useTileLayer(mapRef);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (latitude === null || longitude === null) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    if (!markerRef.current) {
      const marker = L.marker([latitude, longitude], {
        draggable: true,
        icon: pinIcon('#b45309', true),
        keyboard: false,
        alt: t('position.pin'),
      }).addTo(map);
      marker.on('dragend', () => {
        const at = marker.getLatLng();
        onChangeRef.current({ latitude: round6(at.lat), longitude: round6(at.lng) });
      });
      markerRef.current = marker;
    } else {
      markerRef.current.setLatLng([latitude, longitude]);
    }
    if (!map.getBounds().contains([latitude, longitude])) map.setView([latitude, longitude], 14);
  }, [latitude, longitude, t]);

  const outside = latitude !== null && longitude !== null && !isInServiceArea(area, { lat: latitude, lon: longitude });
  const results = search.data ?? [];

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium text-ink-800">
          {t('position.search')}
        </label>
        <SearchInput
          id={`${id}-search`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-describedby={`${id}-search-status`}
        />
        <p id={`${id}-search-status`} role="status" className="mt-1 text-sm text-ink-500">
          {debounced.length < 3
            ? t('position.searchHint')
            : search.isFetching
              ? t('position.searching')
              : search.isError
                ? t('position.searchFailed')
                : results.length === 0
                  ? t('position.noResults')
                  : t('position.results', { count: results.length })}
        </p>
        {results.length > 0 && debounced.length >= 3 ? (
          <ul
            aria-label={t('position.resultsLabel')}
            className="mt-2 divide-y divide-sand-100 rounded-xl ring-1 ring-sand-200"
          >
            {results.map((result) => (
              <li key={`${result.latitude},${result.longitude}`}>
                <button
                  type="button"
                  className="flex w-full items-start gap-2 px-3 py-2 text-left text-sm hover:bg-sand-50 focus-visible:bg-sand-50"
                  onClick={() => {
                    onChange({
                      latitude: round6(result.latitude),
                      longitude: round6(result.longitude),
                      address: result.address,
                      city: result.city,
                    });
                    setQuery('');
                  }}
                >
                  <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-terracotta-600" />
                  {result.label}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div
        ref={containerRef}
        role="region"
        aria-label={t('position.map')}
        className="dl-map h-72 w-full overflow-hidden rounded-2xl ring-1 ring-sand-200"
      />
      <p className="text-sm text-ink-500">{t('position.mapHint', { km: area.radiusKm })}</p>
      <fieldset className="grid grid-cols-2 gap-3" aria-describedby={errorId}>
        <legend className="sr-only">{t('position.coordinates')}</legend>
        {(['latitude', 'longitude'] as const).map((axis) => (
          <CoordinateInput
            // A new position (map, search) starts the field afresh with it.
            key={`${axis}-${String(axis === 'latitude' ? latitude : longitude)}`}
            id={`${id}-${axis}`}
            label={t(`position.${axis}`)}
            value={axis === 'latitude' ? latitude : longitude}
            invalid={Boolean(errorId) || outside}
            onCommit={(n) =>
              onChange({
                latitude: axis === 'latitude' ? n : (latitude ?? area.center.lat),
                longitude: axis === 'longitude' ? n : (longitude ?? area.center.lon),
              })
            }
          />
        ))}
      </fieldset>
      {outside ? (
        <p role="alert" className="text-sm text-red-800">
          {t('position.outside', { km: area.radiusKm })}
        </p>
      ) : null}
    </div>
  );
}

/** A coordinate typed by hand: taken when the field is left or Enter is pressed. */
function CoordinateInput({
  id,
  label,
  value,
  invalid,
  onCommit,
}: {
  id: string;
  label: string;
  value: number | null;
  invalid: boolean;
  onCommit: (value: number) => void;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const commit = () => {
    const n = Number(text.replace(',', '.'));
    if (text.trim() !== '' && Number.isFinite(n) && n !== value) onCommit(n);
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-800">
        {label}
      </label>
      <Input
        id={id}
        inputMode="decimal"
        aria-invalid={invalid}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
    </div>
  );
}
