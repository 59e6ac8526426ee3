import { AlertTriangle, Droplets, Eye, Wind } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMOUX } from '../../../../domain/geo';
import { LOCALES } from '../../../../domain/languages';
import { useLanguage } from '../../../i18n/use-language';
import { useWeather } from '../api/get-weather';
import { WeatherIcon } from './weather-icon';

/** The map page's weather card, for Limoux (docs/product.md#maps). */
export function TodayWeather() {
  const { t } = useTranslation();
  const language = useLanguage();
  const weather = useWeather(LIMOUX, language);
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: digits }).format(value);
  return (
    <section
      aria-labelledby="today-weather"
      aria-busy={weather.isLoading}
      className="rounded-3xl bg-white p-6 ring-1 ring-sand-200"
    >
      <h2 id="today-weather" className="text-lg font-semibold text-ink-900">
        {t('weather.today')}
      </h2>
      <div className="mt-4 flex items-center gap-4">
        <WeatherIcon icon={weather.icon} className="h-12 w-12 text-terracotta-600" />
        <div>
          <p className="text-4xl font-bold text-ink-900">
            {t('weather.temperature', { value: number(weather.temperature) })}
          </p>
          <p className="text-ink-600">
            {weather.isLoading ? t('weather.loading') : (weather.description ?? t('weather.place'))}
          </p>
        </div>
      </div>
      <dl className="mt-5 divide-y divide-sand-200 rounded-2xl bg-sand-50 px-4 text-sm">
        <div className="flex items-center justify-between py-2.5">
          <dt className="flex items-center gap-2 text-ink-600">
            <Droplets aria-hidden className="h-4 w-4" />
            {t('weather.humidity')}
          </dt>
          <dd className="font-semibold text-ink-900">{t('weather.percent', { value: number(weather.humidity) })}</dd>
        </div>
        <div className="flex items-center justify-between py-2.5">
          <dt className="flex items-center gap-2 text-ink-600">
            <Wind aria-hidden className="h-4 w-4" />
            {t('weather.wind')}
          </dt>
          <dd className="font-semibold text-ink-900">{t('weather.kmh', { value: number(weather.windSpeed, 1) })}</dd>
        </div>
        <div className="flex items-center justify-between py-2.5">
          <dt className="flex items-center gap-2 text-ink-600">
            <Eye aria-hidden className="h-4 w-4" />
            {t('weather.visibility')}
          </dt>
          <dd className="font-semibold text-ink-900">{t('weather.km', { value: number(weather.visibility, 1) })}</dd>
        </div>
      </dl>
      {weather.isFallback ? (
        <p role="status" className="mt-4 flex items-center gap-2 rounded-2xl bg-amber-50 p-3 text-sm text-amber-900">
          <AlertTriangle aria-hidden className="h-4 w-4 shrink-0" />
          {t('weather.fallback')}
        </p>
      ) : weather.source ? (
        <p className="mt-4 text-xs text-ink-500">{t(`weather.source.${weather.source}`)}</p>
      ) : null}
    </section>
  );
}
