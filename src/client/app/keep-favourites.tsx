import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { activityQueryOptions } from '../features/activities/api/get-activity';
import { useFavorites } from '../features/favourites/favourites-provider';
import { useOriginQuery } from '../features/location/location-provider';
import { useLanguage } from '../i18n/use-language';
import { useHydrated } from '../lib/use-hydrated';

/**
 * A favourite's activity is fetched as soon as it is saved, as the favourites page will ask for
 * it: then it is on the device for a trip without signal (docs/offline.md). Renders nothing.
 */
export function KeepFavouritesOffline() {
  const { favourites } = useFavorites();
  const ready = useHydrated();
  const queryClient = useQueryClient();
  const origin = useOriginQuery();
  const language = useLanguage();
  // The list the device had when it was first read (after hydration) is not "saved now".
  const known = useRef<number[] | null>(ready ? favourites : null);
  useEffect(() => {
    if (!ready) return;
    const before = known.current;
    known.current = favourites;
    if (before === null) return;
    const added = favourites.filter((id) => !before.includes(id));
    for (const id of added) void queryClient.prefetchQuery(activityQueryOptions(id, { ...origin, lng: language }));
  }, [ready, favourites, queryClient, origin, language]);
  return null;
}
