import { CloudOff, Droplets, Eye, Wind } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMOUX } from '../../../../domain/geo';
import { LOCALES } from '../../../../domain/languages';
import type { Weather } from '../../../../domain/weather';
import { Button } from '../../../components/ui/button';
import { useLanguage } from '../../../i18n/use-language';
import { useWeather } from '../api/get-weather';
import { WeatherIcon } from './weather-icon';

/**
 * The map page's weather card, for Limoux (docs/product.md#maps). While the weather comes it shows
 * empty shapes, and when the service fails it says so: never a number that is not today's weather
 * (docs/outside-services.md#weather).
 */
export function TodayWeather() {
  const { t } = useTranslation();
  const language = useLanguage();
  const view = useWeather(LIMOUX, language);
  return (
    <section
      aria-labelledby="today-weather"
      aria-busy={view.state === 'loading'}
      className="rounded-3xl bg-white p-6 ring-1 ring-sand-200"
    >
      <h2 id="today-weather" className="text-lg font-semibold text-ink-900">
        {t('weather.today')}
      </h2>
      {view.state === 'ready' ? (
        <Readings weather={view.weather} format={LOCALES[language]} />
      ) : view.state === 'unavailable' ? (
        <div className="mt-4 rounded-2xl bg-sand-50 p-4 text-sm">
          <div role="status">
            <p className="flex items-center gap-2 font-semibold text-ink-900">
              <CloudOff aria-hidden className="h-5 w-5 shrink-0 text-ink-500" />
              {t('weather.unavailable')}
            </p>
            <p className="mt-1 text-ink-600">{t('weather.unavailableDetail')}</p>
          </div>
          <Button variant="secondary" size="sm" className="mt-3" onClick={view.retry}>
            {t('weather.retry')}
          </Button>
        </div>
      ) : (
        <div className="mt-4" aria-hidden>
          <div className="flex items-center gap-4">
            <span className="h-12 w-12 animate-pulse rounded-full bg-sand-200" />
            <span className="h-10 w-24 animate-pulse rounded-xl bg-sand-200" />
          </div>
          <span className="mt-5 block h-32 animate-pulse rounded-2xl bg-sand-100" />
        </div>
      )}
      {view.state === 'loading' ? <p className="sr-only">{t('weather.loading')}</p> : null}
    </section>
  );
}

function Readings({ weather, format }: { weather: Weather; format: string }) {
  const { t } = useTranslation();
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(format, { maximumFractionDigits: digits }).format(value);
  return (
    <>
      <div className="mt-4 flex items-center gap-4">
        <WeatherIcon icon={weather.icon} className="h-12 w-12 text-terracotta-600" />
        <div>
          <p className="text-4xl font-bold text-ink-900">
            {t('weather.temperature', { value: number(weather.temperature) })}
          </p>
          <p className="text-ink-600">{weather.description}</p>
        </div>
      </div>
      <dl className="mt-5 divide-y divide-sand-200 rounded-2xl bg-sand-50 px-4 text-sm">
        <Reading icon={<Droplets aria-hidden className="h-4 w-4" />} label={t('weather.humidity')}>
          {t('weather.percent', { value: number(weather.humidity) })}
        </Reading>
        <Reading icon={<Wind aria-hidden className="h-4 w-4" />} label={t('weather.wind')}>
          {t('weather.kmh', { value: number(weather.windSpeed, 1) })}
        </Reading>
        {weather.visibility === null ? null : (
          <Reading icon={<Eye aria-hidden className="h-4 w-4" />} label={t('weather.visibility')}>
            {t('weather.km', { value: number(weather.visibility, 1) })}
          </Reading>
        )}
      </dl>
      <p className="mt-4 text-xs text-ink-500">{t(`weather.source.${weather.source}`)}</p>
    </>
  );
}

function Reading({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between py-2.5">
      <dt className="flex items-center gap-2 text-ink-600">
        {icon}
        {label}
      </dt>
      <dd className="font-semibold text-ink-900">{children}</dd>
    </div>
  );
}
