import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { trackEvent } from '../../lib/track';
import { useFavorites } from './favourites-provider';

interface FavouriteButtonProps {
  activityId: number;
  activityName: string;
  className?: string;
}

/** The heart on cards and the detail page: a toggle button with its state announced. */
export function FavouriteButton({ activityId, activityName, className }: FavouriteButtonProps) {
  const { t } = useTranslation('favourites');
  const { isFavourite, toggleFavourite } = useFavorites();
  const active = isFavourite(activityId);
  return (
    <button
      type="button"
      aria-pressed={active}
      aria-label={t(active ? 'button.remove' : 'button.add', { name: activityName })}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        // Counted for the provider's numbers: that someone kept it, nothing of who.
        if (!active) trackEvent(activityId, 'favourite');
        toggleFavourite(activityId);
      }}
      className={cn(
        'inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/90 shadow-sm backdrop-blur transition hover:scale-105 hover:bg-white',
        className,
      )}
    >
      <Heart
        aria-hidden
        className={cn('h-5 w-5', active ? 'fill-terracotta-600 text-terracotta-600' : 'text-ink-700')}
      />
    </button>
  );
}
