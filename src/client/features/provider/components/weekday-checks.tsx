import type { ReactNode } from 'react';
import { WEEKDAYS } from '../../../../domain/weekly-hours';
import { useLanguage } from '../../../i18n/use-language';
import { formatWeekday, formatWeekdayLong } from '../../../lib/format';

interface WeekdayChecksProps {
  legend: string;
  legendClassName: string;
  /** The first box's id, so that an error can send the focus there. */
  id: string;
  days: number[];
  /** The days ticked after a change, Monday first. */
  onChange: (days: number[]) => void;
  invalid: { 'aria-invalid': boolean; 'aria-describedby'?: string };
  error: ReactNode;
}

/**
 * A box per weekday, Monday first, short on screen and read in full ("ma", read "maandag"): the
 * days of an hours row (weekly-hours-fields.tsx) and of an availability period (availability-form.tsx).
 */
export function WeekdayChecks({ legend, legendClassName, id, days, onChange, invalid, error }: WeekdayChecksProps) {
  const language = useLanguage();
  return (
    <fieldset>
      <legend className={legendClassName}>{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {WEEKDAYS.map((day) => (
          <label
            key={day}
            className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-white px-3 ring-1 ring-sand-300"
          >
            <input
              type="checkbox"
              id={day === 1 ? id : undefined}
              className="h-5 w-5 accent-terracotta-600"
              checked={days.includes(day)}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? WEEKDAYS.filter((d) => d === day || days.includes(d))
                    : days.filter((d) => d !== day),
                )
              }
              {...invalid}
            />
            <span aria-hidden>{formatWeekday(day, language)}</span>
            <span className="sr-only">{formatWeekdayLong(day, language)}</span>
          </label>
        ))}
      </div>
      {error}
    </fieldset>
  );
}
