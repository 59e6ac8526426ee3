import { type ReactNode, Suspense } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * What only the browser can draw (a Leaflet map): the server and hydration draw `fallback`, the
 * frame it will fill (docs/rendering.md#what-waits-for-the-browser). Its own component, so that
 * the switch after hydration re-renders only this, not the page around it.
 */
export function BrowserOnly({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated();
  return hydrated ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
