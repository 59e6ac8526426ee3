import { useCallback, useSyncExternalStore } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

/**
 * What the app needs of its router beyond wouter's own hooks (docs/rendering.md#router): a navigate
 * that also goes back, the location with its search and state, and how the last navigation came
 * about. wouter is the router: about 2 KB where React Router took 13 KB of the overview's scripts.
 */

export type NavigateOptions = { replace?: boolean; state?: unknown };
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

/** Navigates to an address in the app, or back (-1) and forward through the history. */
export function useNavigate(): NavigateFunction {
  const [, navigate] = useLocation();
  return useCallback(
    (to, options) => (typeof to === 'number' ? window.history.go(to) : navigate(to, options)),
    [navigate],
  );
}

/** The path, the query (with its "?", or "") and the history entry's state, as the page shows them. */
export function useCurrentLocation(): { pathname: string; search: string; state: unknown } {
  const [pathname] = useLocation();
  const search = useSearch();
  const state = useHistoryState<unknown>();
  return { pathname, search: search ? `?${search}` : '', state };
}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

// How the page got to its current address: back/forward (POP), a link (PUSH), or a replacement.
// The listeners are added when this module loads, before the router's own (which subscribe while
// rendering), so the type is known when the new address renders.
let lastNavigation: NavigationType = 'POP';
const listeners = new Set<() => void>();
if (typeof window !== 'undefined') {
  for (const [event, type] of [
    ['popstate', 'POP'],
    ['pushState', 'PUSH'],
    ['replaceState', 'REPLACE'],
  ] as const) {
    window.addEventListener(event, () => {
      lastNavigation = type;
      for (const listener of listeners) listener();
    });
  }
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the current address came from back/forward (POP), a link (PUSH) or a replacement. */
export function useNavigationType(): NavigationType {
  return useSyncExternalStore(
    subscribe,
    () => lastNavigation,
    () => 'POP',
  );
}
