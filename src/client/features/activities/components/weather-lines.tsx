import { CloudLightning, CloudRain, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { cn } from '../../../lib/cn';
import { formatDay } from '../../../lib/format';
import type { WhenValue } from '../filters';
import type { WeatherSuggestion } from '../weather-suggestion';

const ICON = { rain: CloudRain, storm: CloudLightning, heat: Sun } as const;

export interface WeatherLine {
  /** The day as the list was asked for it: today, tomorrow, the weekend or a date. */
  day: WhenValue;
  suggestion: WeatherSuggestion | null;
  /** This day's forecast orders the list: the line says its activities come first. */
  first: boolean;
}

/**
 * The overview's lines for the chosen day (today when none is chosen) and for today or tomorrow
 * when the forecast changes what comes first (docs/when.md#weather-suggestions), in the order of
 * their days. Nothing when the forecast is unreachable or changes nothing.
 */
export function WeatherLines({ lines, className }: { lines: WeatherLine[]; className?: string }) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  const shown = lines
    .filter((line): line is WeatherLine & { suggestion: WeatherSuggestion } => (line.suggestion?.count ?? 0) > 0)
    .sort((a, b) => (a.suggestion.day < b.suggestion.day ? -1 : a.suggestion.day > b.suggestion.day ? 1 : 0));
  if (shown.length === 0) return null;
  return (
    <ul aria-label={t('weather.label')} className={cn('space-y-2', className)} data-testid="weather-suggestions">
      {shown.map(({ day, suggestion, first }) => {
        const Icon = ICON[suggestion.kind];
        const when = day === 'today' ? 'Today' : day === 'tomorrow' ? 'Tomorrow' : 'OnDay';
        const text = t(`weather.${suggestion.kind}${when}`, {
          count: suggestion.count,
          day: formatDay(suggestion.day, language),
        });
        return (
          <li
            key={suggestion.day}
            data-kind={suggestion.kind}
            className="flex items-start gap-2 rounded-2xl bg-white px-3 py-2 text-sm text-ink-800 ring-1 ring-sand-200"
          >
            <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-terracotta-700" />
            <span>{first ? `${text}. ${t('weather.first', { count: suggestion.count })}` : text}</span>
          </li>
        );
      })}
    </ul>
  );
}
