import { CloudLightning, CloudRain, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import type { WeatherSuggestion } from '../weather-suggestion';

const ICON = { rain: CloudRain, storm: CloudLightning, heat: Sun } as const;

/**
 * The overview's line for today and for tomorrow when the forecast changes what comes first
 * (docs/when.md#weather-suggestions). Nothing when the forecast is unreachable or changes nothing.
 */
export function WeatherLines({
  today,
  tomorrow,
  className,
}: {
  today: WeatherSuggestion | null;
  tomorrow: WeatherSuggestion | null;
  className?: string;
}) {
  const { t } = useTranslation('activities');
  const lines = (
    [
      ['Today', today],
      ['Tomorrow', tomorrow],
    ] as const
  ).filter((line): line is readonly ['Today' | 'Tomorrow', WeatherSuggestion] => (line[1]?.count ?? 0) > 0);
  if (lines.length === 0) return null;
  return (
    <ul aria-label={t('weather.label')} className={cn('space-y-2', className)} data-testid="weather-suggestions">
      {lines.map(([when, suggestion]) => {
        const Icon = ICON[suggestion.kind];
        return (
          <li
            key={when}
            data-kind={suggestion.kind}
            className="flex items-start gap-2 rounded-2xl bg-white px-3 py-2 text-sm text-ink-800 ring-1 ring-sand-200"
          >
            <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-terracotta-700" />
            <span>{t(`weather.${suggestion.kind}${when}`, { count: suggestion.count })}</span>
          </li>
        );
      })}
    </ul>
  );
}
