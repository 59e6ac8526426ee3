import { CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMOUX } from '../../../../domain/geo';
import { LOCALES } from '../../../../domain/languages';
import { useLanguage } from '../../../i18n/use-language';
import { useWeather } from '../api/get-weather';
import { WEATHER_BOX_CLASS, WeatherBoxPlaceholder } from './weather-box-placeholder';
import { WeatherIcon } from './weather-icon';

/**
 * The header's weather near Limoux (docs/product.md#screens: large screens, fixed coordinates).
 * When the service fails it says so, with no numbers (docs/outside-services.md#weather).
 */
export function WeatherBox() {
  const { t } = useTranslation();
  const language = useLanguage();
  const view = useWeather(LIMOUX, language);
  if (view.state === 'loading') return <WeatherBoxPlaceholder />;
  if (view.state === 'unavailable') {
    return (
      <section aria-label={t('weather.boxLabel')} aria-busy={false} className={WEATHER_BOX_CLASS}>
        <CloudOff aria-hidden className="h-5 w-5 text-ink-500" />
        <span role="status">{t('weather.unavailable')}</span>
      </section>
    );
  }
  const { weather } = view;
  const temperature = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 0 }).format(
    weather.temperature,
  );
  return (
    <section aria-label={t('weather.boxLabel')} aria-busy={false} className={WEATHER_BOX_CLASS}>
      <WeatherIcon icon={weather.icon} className="h-5 w-5 text-terracotta-600" />
      <span className="font-semibold text-ink-900">{t('weather.temperature', { value: temperature })}</span>
      <span className="max-w-40 truncate">{weather.description}</span>
    </section>
  );
}
