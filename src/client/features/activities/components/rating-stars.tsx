import { Star } from 'lucide-react';
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

/** Five stars filled to the rating, with the number and the review count. */
export function RatingStars({ rating, reviewCount, size = 'sm', className }: RatingStarsProps) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  const icon = size === 'sm' ? 'h-3.5 w-3.5' : 'h-5 w-5';
  const label =
    reviewCount === undefined
      ? t('rating.label', { rating: formatRating(rating, language) })
      : reviewCount === 0
        ? t('rating.none')
        : t('rating.labelWithCount', { rating: formatRating(rating, language), count: reviewCount });
  return (
    <div className={cn('flex items-center gap-1', className)} role="img" aria-label={label}>
      <div className="flex" aria-hidden>
        {[1, 2, 3, 4, 5].map((n) => {
          const fill = Math.max(0, Math.min(1, rating - (n - 1)));
          return (
            <span key={n} className={cn('relative inline-block', icon)}>
              <Star className={cn('absolute inset-0 text-sand-300', icon)} fill="currentColor" />
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className={cn('text-gold-400', icon)} fill="currentColor" />
              </span>
            </span>
          );
        })}
      </div>
      <span aria-hidden className={cn('font-medium text-ink-700', size === 'sm' ? 'text-xs' : 'text-sm')}>
        {reviewCount === 0 ? t('rating.new') : formatRating(rating, language)}
        {reviewCount ? <span className="font-normal text-ink-500"> ({reviewCount})</span> : null}
      </span>
    </div>
  );
}
