import { CalendarDays, Clock } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { todayInParis } from '../../../../domain/dates';
import { cn } from '../../../lib/cn';
import type { WhenValue } from '../filters';

type Choice = 'any' | 'today' | 'tomorrow' | 'weekend' | 'date';

const WORDS = ['today', 'tomorrow', 'weekend'] as const;

function choiceOf(when: WhenValue | null): Choice {
  if (when === null) return 'any';
  return WORDS.find((word) => word === when) ?? 'date';
}

/**
 * The "When" filter of the overview and the map (docs/when.md#in-the-guide): any time, today,
 * tomorrow, this weekend or a chosen day (then the browser's date field), and "open now", each a
 * toggle button (`aria-pressed`) as the view buttons beside it: keyboard and screen readers use them
 * as they are, and on a phone they scroll sideways in one row. Plain buttons rather than a Radix select: the select's code
 * measured 36 KB gzipped more on the overview (docs/when.md#in-the-guide). Days are Limoux's.
 */
export function WhenFilter({
  when,
  openNow,
  onChange,
  className,
}: {
  when: WhenValue | null;
  openNow: boolean;
  onChange: (next: { when: WhenValue | null; openNow: boolean }) => void;
  className?: string;
}) {
  const { t } = useTranslation('activities');
  const dateId = useId();
  const choice = choiceOf(when);
  const today = todayInParis(new Date());
  // "Choose a date" starts from the day already chosen, else today (a word such as "tomorrow" is no day).
  const dayOrToday = choice === 'date' && when !== null ? when : today;
  const chip = (pressed: boolean) =>
    cn(
      'inline-flex h-9 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-4 text-sm sm:h-10 font-medium ring-1 transition-colors',
      pressed ? 'bg-ink-900 text-white ring-ink-900' : 'bg-white text-ink-900 ring-sand-300 hover:bg-sand-50',
    );
  return (
    // One row that scrolls sideways on a phone, as the categories do, so that the first card stays on
    // the first screen (docs/product.md#the-overview); wrapped from the small breakpoint up.
    <div
      role="group"
      aria-label={t('when.label')}
      className={cn(
        'flex items-center gap-2 -m-1 overflow-x-auto p-1 [scrollbar-width:none] sm:flex-wrap sm:overflow-visible',
        className,
      )}
    >
      {(['any', 'today', 'tomorrow', 'weekend', 'date'] as const).map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={choice === value}
          onClick={() => onChange({ when: value === 'any' ? null : value === 'date' ? dayOrToday : value, openNow })}
          className={chip(choice === value)}
        >
          {value === 'date' ? <CalendarDays aria-hidden className="h-4 w-4" /> : null}
          {t(`when.${value}`)}
        </button>
      ))}
      {choice === 'date' && when !== null ? (
        <span className="inline-flex shrink-0 items-center gap-2">
          <label htmlFor={dateId} className="text-sm text-ink-700">
            {t('when.dateLabel')}
          </label>
          <input
            id={dateId}
            type="date"
            value={when}
            min={today}
            onChange={(event) => {
              // An emptied or half-typed date keeps the filter as it was.
              if (/^\d{4}-\d{2}-\d{2}$/.test(event.target.value)) onChange({ when: event.target.value, openNow });
            }}
            className="h-10 rounded-full bg-white px-3 text-sm text-ink-900 ring-1 ring-sand-300"
          />
        </span>
      ) : null}
      <button
        type="button"
        aria-pressed={openNow}
        onClick={() => onChange({ when, openNow: !openNow })}
        className={chip(openNow)}
      >
        <Clock aria-hidden className="h-4 w-4" />
        {t('when.openNow')}
      </button>
    </div>
  );
}
