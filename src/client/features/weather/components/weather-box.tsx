import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMOUX } from '../../../../domain/geo';
import { LOCALES } from '../../../../domain/languages';
import { useLanguage } from '../../../i18n/use-language';
import { useWeather } from '../api/get-weather';
import { WeatherIcon } from './weather-icon';

/** The header's weather near Limoux (docs/product.md#screens: large screens, fixed coordinates). */
export function WeatherBox() {
  const { t } = useTranslation();
  const language = useLanguage();
  const weather = useWeather(LIMOUX, language);
  const temperature = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 0 }).format(
    weather.temperature,
  );
  return (
    <section
      aria-label={t('weather.boxLabel')}
      aria-busy={weather.isLoading}
      className="hidden items-center gap-2 rounded-full bg-sand-100 py-1.5 pl-3 pr-4 text-sm text-ink-700 lg:flex"
    >
      {weather.isLoading ? (
        <span className="h-5 w-24 animate-pulse rounded-full bg-sand-200" aria-label={t('weather.loading')} />
      ) : (
        <>
          <WeatherIcon icon={weather.icon} className="h-5 w-5 text-terracotta-600" />
          <span className="font-semibold text-ink-900">{t('weather.temperature', { value: temperature })}</span>
          <span className="max-w-40 truncate">{weather.description ?? t('weather.place')}</span>
          {weather.isFallback ? (
            <span className="inline-flex items-center gap-1 text-xs text-amber-900" role="status">
              <AlertTriangle aria-hidden className="h-3.5 w-3.5" />
              {t('weather.fallback')}
            </span>
          ) : null}
        </>
      )}
    </section>
  );
}
