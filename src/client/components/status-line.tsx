import { Clock } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OpeningStatus } from '../../domain/opening';
import { addDays, todayInParis } from '../../domain/dates';
import type { Language } from '../../domain/languages';
import { useLanguage } from '../i18n/use-language';
import { cn } from '../lib/cn';
import { formatDayMonth, formatDayRange, formatDayWeekday } from '../lib/format';

/**
 * The sentence of a status (docs/when.md#texts), days and weekdays written with Intl in the page's
 * language; `today` is Limoux's day (YYYY-MM-DD). Null for 'unknown' unless `checkTimes`: a card
 * without structured times says nothing, except in the results of the when filter.
 */
export function statusText(
  status: OpeningStatus,
  t: TFunction,
  language: Language,
  today: string,
  checkTimes = false,
): string | null {
  switch (status.kind) {
    case 'open':
      if (status.until === null || status.untilDay === null) return t('status.openNoEnd');
      // "Open now until 02:00" at 23:00 reads clearly without the day; later days name their weekday.
      return status.untilDay <= addDays(today, 1)
        ? t('status.open', { time: status.until })
        : t('status.openUntilDay', { weekday: formatDayWeekday(status.untilDay, language), time: status.until });
    case 'opens-later':
      return t('status.opensLater', { time: status.opens });
    case 'closed-now':
      return t('status.closedNow');
    case 'closed-today':
      return t('status.closedToday');
    case 'market-today':
      return status.phase === 'over'
        ? t('status.marketOver')
        : t('status.marketToday', { opens: status.opens, closes: status.closes });
    case 'event-on':
      return status.until === today
        ? t('status.eventOnToday')
        : t('status.eventOn', { day: formatDayMonth(status.until, language) });
    case 'event-later':
      return t('status.eventLater', {
        day:
          status.start === status.end
            ? formatDayMonth(status.start, language)
            : formatDayRange(status.start, status.end, language),
      });
    case 'unknown':
      return checkTimes ? t('status.unknown') : null;
  }
}

/**
 * An activity's status as a short line of plain text (docs/when.md#what-a-card-says), for the cards
 * and the detail page; nothing when there is nothing to say.
 */
export function StatusLine({
  status,
  checkTimes = false,
  className,
}: {
  status: OpeningStatus | undefined;
  checkTimes?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (status === undefined) return null;
  const text = statusText(status, t, language, todayInParis(new Date()), checkTimes);
  if (text === null) return null;
  const open = status.kind === 'open' || (status.kind === 'market-today' && status.phase === 'on');
  return (
    <p
      data-status={status.kind}
      className={cn('flex items-center gap-1 text-sm', open ? 'font-medium text-vine-700' : 'text-ink-700', className)}
    >
      <Clock aria-hidden className="h-4 w-4 shrink-0 text-terracotta-600" />
      {text}
    </p>
  );
}
