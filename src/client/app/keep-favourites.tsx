import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { activityQueryOptions } from '../features/activities/api/get-activity';
import { useFavorites } from '../features/favourites/favourites-provider';
import { useOriginQuery } from '../features/location/location-provider';
import { useLanguage } from '../i18n/use-language';

/**
 * A favourite's activity is fetched as soon as it is saved, as the favourites page will ask for
 * it: then it is on the device for a trip without signal (docs/offline.md). Renders nothing.
 */
export function KeepFavouritesOffline() {
  const { favourites } = useFavorites();
  const queryClient = useQueryClient();
  const origin = useOriginQuery();
  const language = useLanguage();
  const known = useRef(favourites);
  useEffect(() => {
    const added = favourites.filter((id) => !known.current.includes(id));
    known.current = favourites;
    for (const id of added) void queryClient.prefetchQuery(activityQueryOptions(id, { ...origin, lng: language }));
  }, [favourites, queryClient, origin, language]);
  return null;
}
