import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { cn } from '../../../lib/cn';
import { formatRating } from '../../../lib/format';

interface RatingStarsProps {
  rating: number;
  reviewCount?: number;
  size?: 'sm' | 'md';
  className?: string;
}

/** A five-pointed star in a 24 x 24 box. */
const STAR = '12,2 15.09,8.26 22,9.27 17,14.14 18.18,21.02 12,17.77 5.82,21.02 7,14.14 2,9.27 8.91,8.26';

/** Five stars side by side in one drawing: one element per row, not five (a page has dozens of ratings). */
function StarRow({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 120 24" className={className} fill="currentColor" aria-hidden focusable="false">
      {[0, 1, 2, 3, 4].map((n) => (
        <polygon key={n} points={STAR} transform={`translate(${n * 24} 0)`} />
      ))}
    </svg>
  );
}

/** Five stars filled to the rating, with the number and the review count. */
export function RatingStars({ rating, reviewCount, size = 'sm', className }: RatingStarsProps) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  // Five stars of 14 or 20 px, as wide as five icons side by side.
  const row = size === 'sm' ? 'h-3.5 w-[4.375rem]' : 'h-5 w-[6.25rem]';
  const filled = Math.max(0, Math.min(1, rating / 5));
  const label =
    reviewCount === undefined
      ? t('rating.label', { rating: formatRating(rating, language) })
      : reviewCount === 0
        ? t('rating.none')
        : t('rating.labelWithCount', { rating: formatRating(rating, language), count: reviewCount });
  return (
    <div className={cn('flex items-center gap-1', className)} role="img" aria-label={label}>
      <span className={cn('relative inline-block', row)} aria-hidden>
        <StarRow className={cn('absolute inset-0 text-sand-300', row)} />
        {/* Each star is a fifth of the row, so the rating's share of the width fills each one to its part. */}
        <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${filled * 100}%` }}>
          <StarRow className={cn('text-gold-400', row)} />
        </span>
      </span>
      <span aria-hidden className={cn('font-medium text-ink-700', size === 'sm' ? 'text-xs' : 'text-sm')}>
        {reviewCount === 0 ? t('rating.new') : formatRating(rating, language)}
        {reviewCount ? <span className="font-normal text-ink-500"> ({reviewCount})</span> : null}
      </span>
    </div>
  );
}
