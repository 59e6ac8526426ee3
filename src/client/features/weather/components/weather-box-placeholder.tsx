import { useTranslation } from 'react-i18next';

export const WEATHER_BOX_CLASS =
  'hidden items-center gap-2 rounded-full bg-sand-100 py-1.5 pl-3 pr-4 text-sm text-ink-700 lg:flex';

/**
 * The header's weather box while it has no weather yet: the server renders this (it never asks for
 * the weather), and so does the page until the box's code and the weather have come
 * (docs/rendering.md#what-waits-for-the-browser).
 */
export function WeatherBoxPlaceholder() {
  const { t } = useTranslation();
  return (
    <section aria-label={t('weather.boxLabel')} aria-busy className={WEATHER_BOX_CLASS}>
      <span aria-hidden className="h-5 w-24 animate-pulse rounded-full bg-sand-200" />
      <span className="sr-only">{t('weather.loading')}</span>
    </section>
  );
}
