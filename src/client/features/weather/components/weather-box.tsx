import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMOUX } from '../../../../domain/geo';
import { LOCALES } from '../../../../domain/languages';
import { useLanguage } from '../../../i18n/use-language';
import { useWeather } from '../api/get-weather';
import { WEATHER_BOX_CLASS, WeatherBoxPlaceholder } from './weather-box-placeholder';
import { WeatherIcon } from './weather-icon';

/** The header's weather near Limoux (docs/product.md#screens: large screens, fixed coordinates). */
export function WeatherBox() {
  const { t } = useTranslation();
  const language = useLanguage();
  const weather = useWeather(LIMOUX, language);
  const temperature = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 0 }).format(
    weather.temperature,
  );
  if (weather.isLoading) return <WeatherBoxPlaceholder />;
  return (
    <section aria-label={t('weather.boxLabel')} aria-busy={false} className={WEATHER_BOX_CLASS}>
      <WeatherIcon icon={weather.icon} className="h-5 w-5 text-terracotta-600" />
      <span className="font-semibold text-ink-900">{t('weather.temperature', { value: temperature })}</span>
      <span className="max-w-40 truncate">{weather.description ?? t('weather.place')}</span>
      {weather.isFallback ? (
        <span className="inline-flex items-center gap-1 text-xs text-amber-900" role="status">
          <AlertTriangle aria-hidden className="h-3.5 w-3.5" />
          {t('weather.fallback')}
        </span>
      ) : null}
    </section>
  );
}
