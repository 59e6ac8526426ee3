import { type ComponentType, lazy, useState } from 'react';

export interface LazyScreen<P extends object> {
  (props: P): React.JSX.Element;
  /** Loads the screen's chunk; once it is in, the screen renders without suspending. */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * A screen in its own chunk (code-split by route), like `React.lazy`, with one difference: a
 * screen whose chunk was preloaded renders at once instead of suspending. A server-rendered page
 * preloads its screen before hydrating (docs/rendering.md#hydration): when React comes to the
 * screen's Suspense boundary (after the shell), it hydrates it at once, instead of suspending on the
 * chunk and keeping the boundary dehydrated until it arrives.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A chunk that failed to load (offline, a new version) may be asked for again.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Screen(props: P) {
    // Chosen once per mounted screen: switching from the lazy one to the loaded one would remount it.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Screen, { preload });
}
