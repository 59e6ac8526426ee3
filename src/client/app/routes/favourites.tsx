import { useQueries } from '@tanstack/react-query';
import { Heart, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/navigation';
import type { ActivityDetail } from '../../../domain/activities';
import { Button, buttonClass } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { activityQueryOptions } from '../../features/activities/api/get-activity';
import { ActivityCard } from '../../features/activities/components/activity-card';
import { ActivityCardSkeleton } from '../../features/activities/components/activity-card-skeleton';
import { FavouriteButton } from '../../features/favourites/favourite-button';
import { useFavorites } from '../../features/favourites/favourites-provider';
import { useOriginQuery } from '../../features/location/location-provider';
import { useLanguage } from '../../i18n/use-language';
import { useHydrated } from '../../lib/use-hydrated';

export function FavouritesRoute() {
  const { t } = useTranslation('favourites');
  const language = useLanguage();
  const { favourites, count, clearFavourites, toggleFavourite } = useFavorites();
  // Until hydrated the device's list is not read: placeholders, not "no favourites".
  const ready = useHydrated();
  // One request per saved activity, all at once (no waterfall).
  const origin = useOriginQuery();
  const results = useQueries({
    queries: favourites.map((id) => activityQueryOptions(id, { ...origin, lng: language })),
  });
  const activities = results.map((r) => r.data).filter((a): a is ActivityDetail => a !== undefined);
  const loading = results.some((r) => r.isPending);

  const clearAll = () => {
    const previous = [...favourites];
    clearFavourites();
    toast({
      title: t('cleared'),
      action: { label: t('undo'), onClick: () => previous.forEach((id) => toggleFavourite(id)) },
    });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">{t('title')}</h1>
          {/* The server cannot know the device's list: the count waits for it (docs/rendering.md). */}
          <p className="mt-1 text-ink-600">{ready ? t('count', { count }) : '\u00a0'}</p>
        </div>
        {count > 0 ? (
          <Button variant="secondary" onClick={clearAll}>
            <Trash2 aria-hidden className="h-4 w-4" />
            {t('clearAll')}
          </Button>
        ) : null}
      </div>

      {!ready ? (
        <ul aria-busy="true" aria-label={t('loading')} className="mt-8 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i}>
              <ActivityCardSkeleton />
            </li>
          ))}
        </ul>
      ) : count === 0 ? (
        <div className="mt-10 flex flex-col items-center gap-4 rounded-3xl bg-white p-12 text-center ring-1 ring-sand-200">
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-terracotta-50">
            <Heart aria-hidden className="h-8 w-8 text-terracotta-600" />
          </span>
          <h2 className="text-xl font-semibold text-ink-900">{t('empty.title')}</h2>
          <p className="max-w-md text-ink-600">{t('empty.text')}</p>
          <Link className={buttonClass()} to="/">
            {t('empty.cta')}
          </Link>
        </div>
      ) : (
        <>
          <h2 className="sr-only">{t('listTitle')}</h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {activities.map((activity) => (
              <li key={activity.id}>
                <ActivityCard
                  activity={activity}
                  favouriteButton={<FavouriteButton activityId={activity.id} activityName={activity.name} />}
                />
              </li>
            ))}
            {loading
              ? results
                  .filter((r) => r.isPending)
                  .map((_, i) => (
                    <li key={`loading-${i}`}>
                      <ActivityCardSkeleton />
                    </li>
                  ))
              : null}
          </ul>
        </>
      )}
    </div>
  );
}
