import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import { useLanguage } from '../../../i18n/use-language';
import { formatDay } from '../../../lib/format';
import { dayOfText, isDayText } from '../date-text';

const labelClass = 'mb-1 block text-sm font-medium text-ink-800';

interface DateFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's error, shown under it (its id is `${id}-error`). */
  error?: string;
  /** An example day in the hint (YYYY-MM-DD). */
  example: string;
  className?: string;
}

/**
 * A day typed as text, never `<input type=date>`, which writes the browser's own order (mm/dd/yyyy)
 * on a Dutch page: the hint says how to write it, and once it is a day, which day it is in words.
 */
export function DateField({ id, label, value, onChange, error, example, className }: DateFieldProps) {
  const { t } = useTranslation('provider');
  const language = useLanguage();
  const day = isDayText(value) ? dayOfText(value) : null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <Input
        id={id}
        value={value}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={10}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        aria-invalid={error ? true : false}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={hintId} className="mt-1 text-sm text-ink-500">
        {day ? formatDay(day, language) : t('availability.dateHint', { example })}
      </p>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
