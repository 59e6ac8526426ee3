import { type ComponentType, lazy, type ReactNode, startTransition, Suspense, useEffect, useState } from 'react';

/**
 * Mounts a component once the browser is idle after load: it stays off the critical path. Until
 * then (and on the server) the placeholder stands in for it, if it has one.
 */
export function deferred(load: () => Promise<{ default: ComponentType }>, placeholder: ReactNode = null) {
  const Component = lazy(load);
  return function Deferred() {
    const [ready, setReady] = useState(false);
    useEffect(() => {
      // As a transition: React renders it in slices, so it never holds up a tap (docs/rendering.md#hydration).
      const start = () => startTransition(() => setReady(true));
      if ('requestIdleCallback' in window) {
        const handle = window.requestIdleCallback(start, { timeout: 1500 });
        return () => window.cancelIdleCallback(handle);
      }
      const timer = setTimeout(start, 200);
      return () => clearTimeout(timer);
    }, []);
    return ready ? (
      <Suspense fallback={placeholder}>
        <Component />
      </Suspense>
    ) : (
      placeholder
    );
  };
}
