import { Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { WEEKLY_HOURS_MAX_ROWS, type WeeklyHoursRow } from '../../../../domain/weekly-hours';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useLanguage } from '../../../i18n/use-language';
import { formatMonth } from '../../../lib/format';
import { WeekdayChecks } from './weekday-checks';

/** One row of the hours as the form holds it: times as the time fields give them, the season's day and month apart. */
export interface HoursRowState {
  /** Which row this is while rows come and go (React's key). */
  key: number;
  days: number[];
  opens: string;
  closes: string;
  seasonal: boolean;
  startDay: string;
  startMonth: string;
  endDay: string;
  endMonth: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = Array.from({ length: 12 }, (_, i) => pad(i + 1));
const DAYS = Array.from({ length: 31 }, (_, i) => pad(i + 1));

/** A time field cannot say 24:00: midnight at the end of the day is 00:00 there (docs/product.md#weekly-hours). */
export function toHoursState(rows: readonly WeeklyHoursRow[]): HoursRowState[] {
  return rows.map((row, key) => {
    const [startMonth = '', startDay = ''] = row.seasonStart?.split('-') ?? [];
    const [endMonth = '', endDay = ''] = row.seasonEnd?.split('-') ?? [];
    return {
      key,
      days: row.days,
      opens: row.opens,
      closes: row.closes === '24:00' ? '00:00' : row.closes,
      seasonal: row.seasonStart !== null,
      startDay,
      startMonth,
      endDay,
      endMonth,
    };
  });
}

/** The rows as the API takes them; a half-chosen season day is sent as it is, for the rules to name. */
export function toWeeklyHours(rows: readonly HoursRowState[]): WeeklyHoursRow[] {
  const seasonDay = (month: string, day: string) => `${month}-${day}`;
  return rows.map((row) => ({
    days: row.days,
    opens: row.opens,
    closes: row.closes === '00:00' ? '24:00' : row.closes,
    seasonStart: row.seasonal ? seasonDay(row.startMonth, row.startDay) : null,
    seasonEnd: row.seasonal ? seasonDay(row.endMonth, row.endDay) : null,
  }));
}

interface WeeklyHoursFieldsProps {
  rows: HoursRowState[];
  onChange: (rows: HoursRowState[]) => void;
  fieldId: (name: string) => string;
  invalid: (name: string) => { 'aria-invalid': boolean; 'aria-describedby'?: string };
  fieldError: (name: string) => ReactNode;
  /** A market's rows are its market days (docs/when.md#market-days). */
  market?: boolean;
}

const labelClass = 'mb-1 block text-sm font-medium text-ink-800';
const selectClass =
  'h-11 w-full rounded-xl border border-sand-300 bg-white px-3 text-ink-900 focus:border-terracotta-600 aria-[invalid=true]:border-red-700';

/**
 * The structured opening hours of the activity form (docs/product.md#weekly-hours): a row per set
 * of days with one opening time each (a break at noon makes two rows), optionally for a season that
 * comes back every year. Errors come from the form, by row and field (`weeklyHours.1.closes`).
 */
export function WeeklyHoursFields({
  rows,
  onChange,
  fieldId,
  invalid,
  fieldError,
  market = false,
}: WeeklyHoursFieldsProps) {
  const { t } = useTranslation('provider');
  const language = useLanguage();
  const addButton = useRef<HTMLButtonElement>(null);
  /** After a row comes or goes, focus goes to the row's first day, or to "Add hours" when none is left there. */
  const focusRow = (index: number) =>
    requestAnimationFrame(() =>
      (document.getElementById(fieldId(`weeklyHours.${index}.days`)) ?? addButton.current)?.focus(),
    );
  const update = (index: number, change: Partial<HoursRowState>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const remove = (index: number) => {
    onChange(rows.filter((_, i) => i !== index));
    focusRow(index);
  };
  const add = () => {
    focusRow(rows.length);
    onChange([
      ...rows,
      {
        key: Math.max(-1, ...rows.map((r) => r.key)) + 1,
        days: [],
        opens: '',
        closes: '',
        seasonal: false,
        startDay: '',
        startMonth: '',
        endDay: '',
        endMonth: '',
      },
    ]);
  };

  const seasonDay = (index: number, part: 'start' | 'end', row: HoursRowState) => {
    const name = `weeklyHours.${index}.${part === 'start' ? 'seasonStart' : 'seasonEnd'}`;
    const dayKey = `${part}Day` as const;
    const monthKey = `${part}Month` as const;
    return (
      <fieldset>
        <legend className={labelClass}>{t(part === 'start' ? 'form.seasonStart' : 'form.seasonEnd')}</legend>
        <div className="grid grid-cols-[5rem_1fr] gap-2">
          <div>
            <label htmlFor={fieldId(`${name}.day`)} className="sr-only">
              {t('form.day')}
            </label>
            <select
              id={fieldId(`${name}.day`)}
              className={selectClass}
              value={row[dayKey]}
              onChange={(e) => update(index, { [dayKey]: e.target.value })}
              {...invalid(name)}
            >
              <option value="">{t('form.day')}</option>
              {DAYS.map((d) => (
                <option key={d} value={d}>
                  {Number(d)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={fieldId(`${name}.month`)} className="sr-only">
              {t('form.month')}
            </label>
            <select
              id={fieldId(`${name}.month`)}
              className={selectClass}
              value={row[monthKey]}
              onChange={(e) => update(index, { [monthKey]: e.target.value })}
              {...invalid(name)}
            >
              <option value="">{t('form.month')}</option>
              {MONTHS.map((m) => (
                <option key={m} value={m}>
                  {formatMonth(Number(m), language)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {fieldError(name)}
      </fieldset>
    );
  };

  return (
    <fieldset className="space-y-4 md:col-span-2" aria-describedby={`${fieldId('weeklyHours')}-hint`}>
      <legend className={labelClass}>{t(market ? 'form.weeklyHoursMarket' : 'form.weeklyHours')}</legend>
      <p id={`${fieldId('weeklyHours')}-hint`} className="text-sm text-ink-500">
        {t(market ? 'form.weeklyHoursMarketHint' : 'form.weeklyHoursHint')}
      </p>
      {rows.map((row, index) => {
        const n = index + 1;
        const at = (field: string) => `weeklyHours.${index}.${field}`;
        return (
          <fieldset key={row.key} className="space-y-3 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200">
            <legend className="font-medium text-ink-900">{t('form.hoursRow', { n })}</legend>
            <WeekdayChecks
              legend={t('form.days')}
              legendClassName={labelClass}
              id={fieldId(at('days'))}
              days={row.days}
              onChange={(days) => update(index, { days })}
              invalid={invalid(at('days'))}
              error={fieldError(at('days'))}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor={fieldId(at('opens'))} className={labelClass}>
                  {t('form.opens')}
                </label>
                <Input
                  id={fieldId(at('opens'))}
                  type="time"
                  value={row.opens}
                  onChange={(e) => update(index, { opens: e.target.value })}
                  {...invalid(at('opens'))}
                />
                {fieldError(at('opens'))}
              </div>
              <div>
                <label htmlFor={fieldId(at('closes'))} className={labelClass}>
                  {t('form.closes')}
                </label>
                <Input
                  id={fieldId(at('closes'))}
                  type="time"
                  value={row.closes}
                  onChange={(e) => update(index, { closes: e.target.value })}
                  {...invalid(at('closes'))}
                />
                {fieldError(at('closes'))}
              </div>
            </div>
            <label className="inline-flex items-center gap-2 text-ink-900">
              <input
                type="checkbox"
                className="h-5 w-5 accent-terracotta-600"
                checked={row.seasonal}
                onChange={(e) => update(index, { seasonal: e.target.checked })}
              />
              {t('form.seasonal')}
            </label>
            {row.seasonal ? (
              <div className="grid gap-4 sm:grid-cols-2">
                {seasonDay(index, 'start', row)}
                {seasonDay(index, 'end', row)}
              </div>
            ) : null}
            <div>
              <Button type="button" variant="ghost" size="sm" onClick={() => remove(index)}>
                <Trash2 aria-hidden className="h-4 w-4" />
                {t('form.removeHours', { n })}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <Button
        ref={addButton}
        type="button"
        variant="secondary"
        size="sm"
        disabled={rows.length >= WEEKLY_HOURS_MAX_ROWS}
        onClick={add}
      >
        <Plus aria-hidden className="h-4 w-4" />
        {t('form.addHours')}
      </Button>
    </fieldset>
  );
}
