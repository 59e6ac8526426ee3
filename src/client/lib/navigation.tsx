import { startTransition, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link as WouterLink, type LinkProps, useLocation, useRouter } from 'wouter';
import { navigate as browserNavigate, useHistoryState } from 'wouter/use-browser-location';
import { useBrowserValue } from './use-hydrated';

/**
 * What the app needs of its router beyond wouter's own (docs/rendering.md#router): the browser's
 * location followed in transitions, a navigate that also goes back, the query read once, a link
 * that does not stack the page it is on, the history state, and how the last navigation came about.
 * wouter is the router: about 2 KB where React Router took 13 KB of the overview's scripts.
 */

function currentPath() {
  return window.location.pathname;
}
function currentSearch() {
  return window.location.search;
}

/** The address the page was loaded with: in a rendered page, the one the server rendered. */
const loaded = typeof window === 'undefined' ? undefined : { path: currentPath(), search: currentSearch() };

/**
 * Follows one part of the address, updating it as a React transition (docs/rendering.md#router). A
 * part of the page that React hydrates starts from the address the server rendered, even when the
 * address changed before its turn came (docs/rendering.md#results-later); it follows the change once
 * hydrated. A part drawn in the browser starts from the current address.
 */
function useAddressPart(read: () => string, part: 'path' | 'search', onServer: string | undefined): string {
  const first = useBrowserValue(loaded ? read() : '', loaded ? loaded[part] : (onServer ?? ''));
  const [value, setValue] = useState(first);
  useEffect(() => {
    const update = () => startTransition(() => setValue(read()));
    // A change between this component's render and now is not missed.
    update();
    // One set of address listeners for the whole app (below), not three per link.
    return subscribe(update);
  }, [read]);
  return value;
}

/**
 * The browser's location for wouter, with every change rendered as a transition, as React Router
 * did: the page on screen stays until the next screen is ready (its chunk loaded).
 */
export function useTransitionLocation(options: { ssrPath?: string } = {}): [string, typeof browserNavigate] {
  return [useAddressPart(currentPath, 'path', options.ssrPath), browserNavigate];
}
/** The query, in the same way (wouter's `searchHook`). */
export function useTransitionSearch(options: { ssrSearch?: string } = {}): string {
  return useAddressPart(currentSearch, 'search', options.ssrSearch);
}

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

/** The query as the address has it, encoded ("?q=rock%20%26%20roll", or ""). */
function useRawSearch(): string {
  const router = useRouter();
  // wouter's own useSearch decodes the query, and URLSearchParams would decode it again: "%2526"
  // would come out as "&", splitting a value in two.
  const search = router.searchHook(router);
  return search === '' || search.startsWith('?') ? search : `?${search}`;
}

/** The path, the query (with its "?", or "") and the history entry's state, as the page shows them. */
export function useCurrentLocation(): { pathname: string; search: string; state: unknown } {
  const [pathname] = useLocation();
  const search = useRawSearch();
  const state = useHistoryState<unknown>();
  return { pathname, search, state };
}

type SearchParamsInit = ConstructorParameters<typeof URLSearchParams>[0];

/** The query's parameters, and a way to set them (a new history entry unless `replace`). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void,
] {
  const [pathname, navigate] = useLocation();
  const search = useRawSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
      const query = new URLSearchParams(typeof next === 'function' ? next(params) : next).toString();
      navigate(query ? `${pathname}?${query}` : pathname, options);
    },
    [params, pathname, navigate],
  );
  return [params, set];
}

/**
 * wouter's link, which replaces the history entry instead of adding one when it leads to the page
 * already shown (as React Router's did): back then leaves that page, not a copy of it.
 */
export function Link(props: LinkProps) {
  // The address only: the history entry's state is not needed here, and 40 links would each follow it.
  const [pathname] = useLocation();
  const search = useRawSearch();
  const target = props.to ?? props.href;
  return <WouterLink {...props} replace={props.replace ?? target === pathname + search} />;
}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

// How the page got to its current address: back/forward (POP), a link (PUSH), or a replacement.
// One listener per event, added when this module loads; it notes the type first, then tells the
// location hooks and useNavigationType, so the type is known when the new address renders.
let lastNavigation: NavigationType = 'POP';
const listeners = new Set<() => void>();
// Where each address was scrolled to when a link or a replacement left it. On back/forward the
// browser puts the scroll back before the app has drawn the page it goes to (before popstate), so
// a page taller than the one it leaves comes back short; the layout puts it right once drawn.
const leftAt = new Map<string, number>();
const addressNow = () => currentPath() + currentSearch();
if (typeof window !== 'undefined') {
  let shown = addressNow();
  for (const [event, type] of [
    ['popstate', 'POP'],
    ['pushState', 'PUSH'],
    ['replaceState', 'REPLACE'],
  ] as const) {
    window.addEventListener(event, () => {
      // After a link's pushState the page it leaves is still on screen, at its scroll.
      if (type !== 'POP') leftAt.set(shown, window.scrollY);
      shown = addressNow();
      lastNavigation = type;
      for (const listener of listeners) listener();
    });
  }
}

/** How long a page that came back may take to grow tall enough for its old scroll. */
const RESTORE_FOR_MS = 1000;

/**
 * Back/forward: scrolls the page at the current address to where it was when it was last left,
 * as soon as it is tall enough (its parts may come in a frame or two later), for at most a
 * second, and not once the visitor scrolls or types themselves.
 */
export function restoreScroll(): void {
  const top = leftAt.get(addressNow());
  if (top === undefined) return;
  const until = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const event of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(event, stop);
  };
  for (const event of ['wheel', 'touchstart', 'keydown'] as const) {
    window.addEventListener(event, stop, { once: true, passive: true });
  }
  const attempt = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) <= 1 || performance.now() > until) stop();
    else frame = requestAnimationFrame(attempt);
  };
  attempt();
}
/** Calls `listener` after every change of the address: back/forward, a link, a replacement. */
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether the current address came from back/forward (POP), a link (PUSH) or a replacement. */
export function useNavigationType(): NavigationType {
  return useSyncExternalStore(
    subscribe,
    () => lastNavigation,
    () => 'POP',
  );
}
