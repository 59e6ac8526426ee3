import { createContext, type ReactNode, startTransition, useCallback, useContext, useMemo, useState } from 'react';
import type { Position } from '../../../domain/geo';
import { useBrowserValue } from '../../lib/use-hydrated';

/** High accuracy, 10 s timeout, positions up to 5 minutes old are fine (docs/product.md#constants). */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 5 * 60_000,
};
export const POSITION_STORAGE_KEY = 'discoverlocal-position';

export type LocationError = 'unsupported' | 'denied' | 'unavailable' | 'timeout' | 'unknown';

export type LocationState =
  | { status: 'default' }
  | { status: 'detecting' }
  | { status: 'located'; position: Position }
  | { status: 'error'; error: LocationError };

function errorOf(error: GeolocationPositionError): LocationError {
  if (error.code === error.PERMISSION_DENIED) return 'denied';
  if (error.code === error.POSITION_UNAVAILABLE) return 'unavailable';
  if (error.code === error.TIMEOUT) return 'timeout';
  return 'unknown';
}

/** A detected position is kept for the browser session (issue 4). */
function readStoredPosition(): Position | null {
  if (typeof sessionStorage === 'undefined') return null;
  try {
    const value = JSON.parse(sessionStorage.getItem(POSITION_STORAGE_KEY) ?? 'null') as Position | null;
    return value && Number.isFinite(value.lat) && Number.isFinite(value.lon)
      ? { lat: value.lat, lon: value.lon }
      : null;
  } catch {
    return null;
  }
}

interface LocationValue {
  state: LocationState;
  /** The visitor's position once known; undefined means "measure from Limoux". */
  position: Position | undefined;
  detect: () => void;
}

const DEFAULT_STATE: LocationState = { status: 'default' };

const LocationContext = createContext<{ state: LocationState; detect: () => void } | null>(null);

export function LocationProvider({ children }: { children: ReactNode }) {
  const [state, setStateNow] = useState<LocationState>(() => {
    const stored = readStoredPosition();
    // The same object as before hydration when nothing is kept: nothing changes when hydrated.
    return stored ? { status: 'located', position: stored } : DEFAULT_STATE;
  });

  // As a transition: a part of the page that React has not hydrated yet waits for it instead of being
  // drawn again from scratch (docs/rendering.md#results-later).
  const setState = useCallback((next: LocationState) => startTransition(() => setStateNow(next)), []);

  const detect = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'error', error: 'unsupported' });
      return;
    }
    setState({ status: 'detecting' });
    navigator.geolocation.getCurrentPosition(
      (found) => {
        const position = { lat: found.coords.latitude, lon: found.coords.longitude };
        try {
          sessionStorage.setItem(POSITION_STORAGE_KEY, JSON.stringify(position));
        } catch {
          // Without storage the position lasts for this page only.
        }
        setState({ status: 'located', position });
      },
      (error) => setState({ status: 'error', error: errorOf(error) }),
      GEOLOCATION_OPTIONS,
    );
  }, [setState]);

  const value = useMemo(() => ({ state, detect }), [state, detect]);
  return <LocationContext.Provider value={value}>{children}</LocationContext.Provider>;
}

/**
 * The visitor's position, for one component. The server measures from Limoux, and hydration must
 * too (docs/rendering.md#what-waits-for-the-browser): each component switches to the kept position
 * on its own once hydrated, so the provider's value does not change at hydration
 * (docs/rendering.md#hydration).
 */
export function useVisitorLocation(): LocationValue {
  const value = useContext(LocationContext);
  if (!value) throw new Error('useVisitorLocation must be used within a LocationProvider');
  // Before hydration, Limoux; then what is kept: nothing changes, and nothing re-renders, when nothing is.
  const shown = useBrowserValue(value.state, DEFAULT_STATE);
  const { detect } = value;
  return useMemo(
    () => ({ state: shown, position: shown.status === 'located' ? shown.position : undefined, detect }),
    [shown, detect],
  );
}

/** The `lat`/`lon` to send with activity reads: nothing until a position is known (the API then uses Limoux). */
export function useOriginQuery(): { lat?: number; lon?: number } {
  const { position } = useVisitorLocation();
  return useMemo(() => (position ? { lat: position.lat, lon: position.lon } : {}), [position]);
}
