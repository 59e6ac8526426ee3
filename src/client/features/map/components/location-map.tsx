import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import '../../../components/map/map.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_COLORS, type Category } from '../../../../domain/activities';
import { pinIcon, useTileLayer } from '../../../components/map/leaflet-parts';

interface LocationMapProps {
  latitude: number;
  longitude: number;
  category: Category;
  name: string;
}

/** The detail page's small map, centred on the activity. */
export default function LocationMap({ latitude, longitude, category, name }: LocationMapProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, {
      center: [latitude, longitude],
      zoom: 13,
      zoomControl: true,
      scrollWheelZoom: false,
    });
    L.marker([latitude, longitude], {
      icon: pinIcon(CATEGORY_COLORS[category]),
      keyboard: false,
      alt: name,
    }).addTo(map);
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
    };
  }, [latitude, longitude, category, name]);

  useTileLayer(mapRef);

  return (
    <div
      ref={containerRef}
      role="region"
      aria-label={t('map.locationOf', { name })}
      className="dl-map mt-4 h-48 w-full overflow-hidden rounded-2xl ring-1 ring-sand-200"
    />
  );
}
