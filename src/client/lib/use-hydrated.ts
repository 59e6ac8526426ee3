import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * `server` while React hydrates a server-rendered page (and on the server), `browser` otherwise
 * (docs/rendering.md#what-waits-for-the-browser). What the server cannot know (the visitor's
 * favourites, position, screen) goes through this, so hydration matches the server's HTML. The
 * component re-renders after hydration only if the two differ (docs/rendering.md#hydration); a page
 * the browser draws alone gets `browser` from its first render.
 */
export function useBrowserValue<T>(browser: T, server: T): T {
  return useSyncExternalStore(
    never,
    () => browser,
    () => server,
  );
}

/** False while React hydrates a server-rendered page (and on the server), true otherwise. */
export function useHydrated(): boolean {
  return useBrowserValue(true, false);
}
