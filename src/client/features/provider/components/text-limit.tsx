import { useTranslation } from 'react-i18next';
import { countedLength } from '../../../../domain/text-fields';
import { cn } from '../../../lib/cn';

/** Within this many characters of the limit (at least 10, or a tenth of it) the count is said aloud. */
export const nearLimit = (max: number) => Math.max(10, Math.round(max / 10));

interface TextLimitProps {
  /** The id the field names in `aria-describedby`: "at most N characters", for screen readers. */
  id: string;
  value: string;
  max: number;
  /** Shown only near or over the limit (a phone number or an e-mail address rarely gets there). */
  quiet?: boolean;
}

/**
 * A text field's limit as the provider types (docs/provider-workspace.md#fields): "37 / 200" under
 * the field, red once over. Screen readers hear the limit with the field, and the count (politely,
 * a status) only near or over the limit. It counts as the schema does (trimmed) and cuts nothing:
 * a text over the limit is refused with a message when the form is sent.
 */
export function TextLimit({ id, value, max, quiet = false }: TextLimitProps) {
  const { t } = useTranslation('provider');
  const count = countedLength(value);
  const over = count > max;
  const near = max - count <= nearLimit(max);
  const announcement = over
    ? t('form.countOver', { count: count - max })
    : near
      ? t('form.countLeft', { count: max - count })
      : '';
  return (
    <div className="mt-1 flex justify-end text-sm">
      <span id={id} className="sr-only">
        {t('form.limit', { max })}
      </span>
      {!quiet || near ? (
        <span aria-hidden="true" className={cn('tabular-nums', over ? 'font-medium text-red-800' : 'text-ink-500')}>
          {t('form.count', { count, max })}
        </span>
      ) : null}
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </div>
  );
}
