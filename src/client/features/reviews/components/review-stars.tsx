import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function ReviewStars({ rating }: { rating: number }) {
  const { t } = useTranslation('detail');
  return (
    <div role="img" aria-label={t('reviews.stars', { count: rating })} className="flex">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={n <= rating ? 'h-4 w-4 text-gold-400' : 'h-4 w-4 text-sand-300'}
          fill="currentColor"
        />
      ))}
    </div>
  );
}
