import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React hydrates a server-rendered page (and on the server), true otherwise
 * (docs/rendering.md#what-waits-for-the-browser). What the server cannot know (the visitor's
 * favourites, position, screen) is read only once this is true, so hydration matches the
 * server's HTML; a page the browser draws alone gets true from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
