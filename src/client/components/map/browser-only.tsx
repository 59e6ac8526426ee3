import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/** How near the screen a frame drawn `untilNear` must come before its content loads. */
const NEAR_MARGIN = '300px';

interface BrowserOnlyProps {
  fallback: ReactNode;
  children: ReactNode;
  /**
   * Wait until the frame comes near the screen (docs/rendering.md#what-waits-for-the-browser): a
   * map further down the page loads its scripts only when the visitor scrolls towards it.
   */
  untilNear?: boolean;
}

/**
 * What only the browser can draw (a Leaflet map): the server and hydration draw `fallback`, the
 * frame it will fill (docs/rendering.md#what-waits-for-the-browser). Its own component, so that
 * the switch after hydration re-renders only this, not the page around it.
 */
export function BrowserOnly({ fallback, children, untilNear = false }: BrowserOnlyProps) {
  const hydrated = useHydrated();
  const [near, setNear] = useState(!untilNear);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (near || !hydrated || !element) return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((entry) => entry.isIntersecting)), {
      rootMargin: NEAR_MARGIN,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, hydrated]);
  const content = hydrated && near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
  return untilNear ? <div ref={frame}>{content}</div> : content;
}
