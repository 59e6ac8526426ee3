import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { REVIEW_RATING } from '../../../../domain/review-rules';
import { cn } from '../../../lib/cn';

interface StarInputProps {
  name: string;
  value: number;
  onChange: (value: number) => void;
  legend: string;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * A 1-5 star rating as a group of radio buttons: Tab reaches it, the arrow
 * keys choose, and a screen reader announces "4 stars, 4 of 5".
 */
export function StarInput({ name, value, onChange, legend, invalid, describedBy }: StarInputProps) {
  const { t } = useTranslation('detail');
  const stars = Array.from({ length: REVIEW_RATING.max - REVIEW_RATING.min + 1 }, (_, i) => i + REVIEW_RATING.min);
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend className="mb-1 text-sm font-medium text-ink-900">{legend}</legend>
      <div className="flex gap-1">
        {stars.map((n) => (
          <label
            key={n}
            className="group relative cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-terracotta-600"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <Star
              aria-hidden
              className={cn('h-8 w-8', n <= value ? 'text-gold-400' : 'text-sand-300 group-hover:text-gold-400/60')}
              fill="currentColor"
            />
            <span className="sr-only">{t('reviews.stars', { count: n })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
