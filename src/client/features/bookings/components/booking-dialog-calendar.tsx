import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '../../../../domain/dates';
import { type Language, LOCALES } from '../../../../domain/languages';
import { isoWeekday } from '../../../../domain/weekly-hours';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatWeekday, formatWeekdayLong } from '../../../lib/format';
import { addMonths, type Month } from '../api/availability';

/** How the calendar shows a day: bookable, full (every start taken), or not bookable. */
export type DayState = 'open' | 'full' | 'closed';

interface DayCalendarProps {
  /** The id of the calendar's visible label ("Day"). */
  labelId: string;
  language: Language;
  /** The month shown (YYYY-MM), and the first and last months one may go to. */
  month: Month;
  minMonth: Month;
  maxMonth: Month;
  onMonthChange: (month: Month) => void;
  /** The state of each day of the month shown; undefined while it loads or when it failed. */
  days: ReadonlyMap<string, DayState> | undefined;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  selected: string | null;
  onSelect: (day: string) => void;
  today: string;
  /** Ids of texts that describe the calendar (an error to fix). */
  describedBy?: string | undefined;
  invalid?: boolean;
}

// Made once per language and kind: a month names some 40 days at each change (calendar days, read at midnight UTC).
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: Language, kind: 'month' | 'day'): Intl.DateTimeFormat {
  const key = `${language}/${kind}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      LOCALES[language],
      kind === 'month' ? { month: 'long', year: 'numeric', timeZone: 'UTC' } : { dateStyle: 'full', timeZone: 'UTC' },
    );
    formats.set(key, format);
  }
  return format;
}

/** "december 2026", in the page's language. */
const formatMonthTitle = (month: Month, language: Language) =>
  dateFormat(language, 'month').format(new Date(`${month}-01T00:00:00Z`));

/** "zaterdag 5 december 2026", as formatDay in lib/format says it. */
const formatFullDay = (day: string, language: Language) =>
  dateFormat(language, 'day').format(new Date(`${day}T00:00:00Z`));

const monthOf = (day: string): Month => day.slice(0, 7);

/** The weeks of a month, Monday first: each a row of seven days (YYYY-MM-DD), null outside the month. */
function weeksOf(month: Month): (string | null)[][] {
  const first = `${month}-01`;
  const cells: (string | null)[] = Array.from({ length: isoWeekday(first) - 1 }, () => null);
  for (let day = first; monthOf(day) === month; day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/**
 * A month of days to choose one from, as the date picker of the WAI-ARIA practices: a grid whose
 * days are buttons, one of them in the tab order; the arrow keys move by day and week, Home and End
 * to the week's ends, Page Up and Page Down by month. Days that cannot be booked stay focusable (a
 * screen reader says why: full, not bookable) but do nothing. Names of months and days come from
 * Intl in the page's language. docs/availability.md#what-the-guest-sees.
 */
export const DayCalendar = memo(function DayCalendar({
  labelId,
  language,
  month,
  minMonth,
  maxMonth,
  onMonthChange,
  days,
  status,
  onRetry,
  selected,
  onSelect,
  today,
  describedBy,
  invalid = false,
}: DayCalendarProps) {
  const { t } = useTranslation('bookings');
  const ids = useId();
  const titleId = `${ids}-title`;
  const grid = useRef<HTMLTableElement>(null);
  /** The day that has (or gets) the focus within the grid. */
  const [focused, setFocused] = useState<string | null>(null);
  /** Set when the keyboard moved the focus: the new day's button takes it once drawn. */
  const moveFocus = useRef(false);

  const firstDay = `${minMonth}-01`;
  const lastDay = addDays(`${addMonths(maxMonth, 1)}-01`, -1);
  const stateOf = (day: string): DayState => days?.get(day) ?? 'closed';
  const weeks = useMemo(() => weeksOf(month), [month]);
  const monthDays = useMemo(() => weeks.flat().filter((d): d is string => d !== null), [weeks]);
  const openDays = monthDays.filter((d) => stateOf(d) === 'open');

  // The one day in the tab order: the one focused, else the chosen one, else the first bookable, else the first.
  const tabStop =
    (focused && monthOf(focused) === month && focused) ||
    (selected && monthOf(selected) === month && selected) ||
    openDays[0] ||
    monthDays.find((d) => d >= today) ||
    monthDays[0];

  useEffect(() => {
    if (!moveFocus.current || !focused) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused, month]);

  const goTo = (day: string) => {
    const next = day < firstDay ? firstDay : day > lastDay ? lastDay : day;
    moveFocus.current = true;
    setFocused(next);
    if (monthOf(next) !== month) onMonthChange(monthOf(next));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const weekday = isoWeekday(day);
    const sameDayOfMonth = (count: number) => {
      const target = addMonths(monthOf(day), count);
      const lastOfTarget = addDays(`${addMonths(target, 1)}-01`, -1);
      const wanted = `${target}-${day.slice(8)}`;
      return wanted > lastOfTarget ? lastOfTarget : wanted;
    };
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => addDays(day, 1 - weekday),
      End: () => addDays(day, 7 - weekday),
      PageUp: () => sameDayOfMonth(event.shiftKey ? -12 : -1),
      PageDown: () => sameDayOfMonth(event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    goTo(move());
  };

  const labels = useMemo(() => {
    const named = new Map<string, string>();
    for (const day of monthDays) {
      const name = formatFullDay(day, language);
      const state = days?.get(day) ?? 'closed';
      const key = state === 'open' ? 'calendar.dayOpen' : state === 'full' ? 'calendar.dayFull' : 'calendar.dayClosed';
      named.set(day, status === 'success' ? t(key, { day: name }) : name);
    }
    return named;
  }, [monthDays, days, status, language, t]);

  const empty = status === 'success' && openDays.length === 0;
  const canGoBack = month > minMonth;
  const canGoOn = month < maxMonth;

  return (
    <div
      role="group"
      aria-labelledby={`${labelId} ${titleId}`}
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
      className={cn('rounded-2xl border p-3', invalid ? 'border-red-700' : 'border-sand-300')}
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('calendar.previous')}
          disabled={!canGoBack}
          onClick={() => onMonthChange(addMonths(month, -1))}
        >
          <ChevronLeft aria-hidden className="h-5 w-5" />
        </Button>
        <h3 id={titleId} aria-live="polite" className="font-semibold text-ink-900">
          {formatMonthTitle(month, language)}
        </h3>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('calendar.next')}
          disabled={!canGoOn}
          onClick={() => onMonthChange(addMonths(month, 1))}
        >
          <ChevronRight aria-hidden className="h-5 w-5" />
        </Button>
      </div>
      {status === 'error' ? (
        <div role="alert" className="space-y-2 rounded-xl bg-red-50 p-3 text-sm text-red-900">
          <p>{t('calendar.failed')}</p>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('calendar.retry')}
          </Button>
        </div>
      ) : (
        <table
          ref={grid}
          role="grid"
          aria-labelledby={titleId}
          aria-busy={status === 'pending'}
          className={cn(
            'w-full table-fixed border-separate border-spacing-1 text-center',
            status === 'pending' && 'animate-pulse',
          )}
        >
          <thead>
            <tr>
              {[1, 2, 3, 4, 5, 6, 7].map((weekday) => (
                <th
                  key={weekday}
                  scope="col"
                  abbr={formatWeekdayLong(weekday, language)}
                  className="pb-1 text-xs font-medium text-ink-600"
                >
                  {formatWeekday(weekday, language)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.find(Boolean) ?? ''}>
                {week.map((day, index) =>
                  day === null ? (
                    <td key={`blank-${index}`} />
                  ) : (
                    <td key={day} className="p-0">
                      <DayButton
                        day={day}
                        state={status === 'success' ? stateOf(day) : 'loading'}
                        selected={day === selected}
                        today={day === today}
                        tabbable={day === tabStop}
                        label={labels.get(day) ?? day}
                        fullText={t('calendar.full')}
                        onFocus={() => setFocused(day)}
                        onKeyDown={(event) => onKeyDown(event, day)}
                        onChoose={() => {
                          setFocused(day);
                          if (status === 'success' && stateOf(day) === 'open') onSelect(day);
                        }}
                      />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {status === 'success' && !empty ? (
        <p aria-hidden className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-600">
          <span className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded bg-vine-50 ring-1 ring-vine-600/40" />
            {t('calendar.legendOpen')}
          </span>
          <span className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded bg-sand-100 ring-1 ring-sand-300" />
            {t('calendar.legendFull')}
          </span>
        </p>
      ) : null}
      <p role="status" className="text-sm text-ink-700 empty:hidden">
        {status === 'pending' ? (
          <span className="sr-only">{t('calendar.loading')}</span>
        ) : empty ? (
          t('calendar.empty')
        ) : null}
      </p>
      {empty && canGoOn ? (
        <Button size="sm" variant="secondary" className="mt-2" onClick={() => onMonthChange(addMonths(month, 1))}>
          {t('calendar.emptyNext')}
          <ChevronRight aria-hidden className="h-4 w-4" />
        </Button>
      ) : null}
    </div>
  );
});

interface DayButtonProps {
  day: string;
  state: DayState | 'loading';
  selected: boolean;
  today: boolean;
  tabbable: boolean;
  label: string;
  fullText: string;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onChoose: () => void;
}

function DayButton({
  day,
  state,
  selected,
  today,
  tabbable,
  label,
  fullText,
  onFocus,
  onKeyDown,
  onChoose,
}: DayButtonProps) {
  const choosable = state === 'open';
  return (
    <button
      type="button"
      data-day={day}
      tabIndex={tabbable ? 0 : -1}
      aria-label={label}
      aria-pressed={selected}
      {...(choosable ? {} : { 'aria-disabled': true })}
      {...(today ? { 'aria-current': 'date' as const } : {})}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      onClick={onChoose}
      className={cn(
        'flex h-11 w-full flex-col items-center justify-center rounded-xl text-sm leading-none',
        choosable && !selected && 'bg-vine-50 font-semibold text-ink-900 ring-1 ring-vine-600/40 hover:bg-vine-100',
        choosable && selected && 'bg-terracotta-600 font-semibold text-white',
        state === 'full' && 'cursor-not-allowed bg-sand-100 text-ink-600',
        (state === 'closed' || state === 'loading') && 'cursor-not-allowed text-ink-500',
        today && !selected && 'underline decoration-2 underline-offset-4',
      )}
    >
      <span aria-hidden>{Number(day.slice(8))}</span>
      {state === 'full' ? (
        <span aria-hidden className="mt-0.5 text-[10px] font-medium text-red-800">
          {fullText}
        </span>
      ) : null}
    </button>
  );
}
