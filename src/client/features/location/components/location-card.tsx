import { Crosshair, Loader2, MapPin } from 'lucide-react';
import { useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../../../domain/languages';
import { useLanguage } from '../../../i18n/use-language';
import { usePlace } from '../api/get-place';
import { useVisitorLocation } from '../location-provider';

/** The hero's current-location card (docs/product.md#distance): where distances are measured from, and a detect button. */
export function LocationCard() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { state, position, detect } = useVisitorLocation();
  const place = usePlace(position, language);
  // The provider's updates are transitions, which React holds back while the overview's results are
  // not hydrated yet (docs/rendering.md#results-later): the card says at once that it is asking,
  // from a pending flag of its own that re-renders only the card.
  const [asking, startAsking] = useTransition();
  const detecting = state.status === 'detecting' || asking;

  const coordinates = (value: number) =>
    new Intl.NumberFormat(LOCALES[language], { minimumFractionDigits: 4, maximumFractionDigits: 4 }).format(value);

  let label: string;
  if (detecting) label = t('location.detecting');
  else if (position && place.isPending) label = t('location.lookingUp');
  else if (position && place.data?.city) label = [place.data.city, place.data.country].filter(Boolean).join(', ');
  else if (position) label = `${coordinates(position.lat)}°, ${coordinates(position.lon)}°`;
  else label = t('location.defaultCity');

  return (
    // On a phone a line of its own, a card from the small breakpoint (`.location-card` in styles.css).
    <div className="location-card">
      <MapPin aria-hidden className="h-4 w-4 shrink-0 text-terracotta-600 sm:h-5 sm:w-5" />
      <div className="min-w-[9rem] flex-1 sm:min-w-[11rem]">
        <p className="text-xs font-medium uppercase tracking-wide text-ink-500">{t('location.title')}</p>
        <p className="text-sm font-semibold text-ink-900 sm:text-base" aria-live="polite">
          {label}
        </p>
        {state.status === 'error' ? (
          <p role="alert" className="text-sm text-red-800">
            {t(`location.error.${state.error}`)}
          </p>
        ) : null}
      </div>
      <button type="button" onClick={() => startAsking(detect)} disabled={detecting} className="location-card-button">
        {detecting ? (
          <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
        ) : (
          <Crosshair aria-hidden className="h-4 w-4" />
        )}
        {t(position ? 'location.redetect' : 'location.detect')}
      </button>
    </div>
  );
}
