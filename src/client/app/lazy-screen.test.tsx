import { Suspense } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

const roots: (() => void)[] = [];
afterEach(() => roots.splice(0).forEach((unmount) => unmount()));

/** Renders synchronously and returns what is on screen right after, before any chunk could arrive. */
function renderNow(node: React.ReactNode): HTMLElement {
  const container = document.createElement('div');
  const root = createRoot(container);
  roots.push(() => root.unmount());
  flushSync(() => root.render(node));
  return container;
}

const screenOf = (text: string) =>
  lazyScreen(async () => ({ label }: { label: string }) => <p>{`${text} ${label}`}</p>);

describe('lazyScreen', () => {
  it('suspends while its chunk is not loaded, like React.lazy', async () => {
    const Screen = screenOf('screen');
    const container = renderNow(
      <Suspense fallback={<p>loading</p>}>
        <Screen label="one" />
      </Suspense>,
    );
    expect(container.textContent).toBe('loading');
    await Screen.preload();
  });

  it('renders at once, without suspending, once preloaded (docs/rendering.md#hydration)', async () => {
    const Screen = screenOf('screen');
    await Screen.preload();
    const container = renderNow(
      <Suspense fallback={<p>loading</p>}>
        <Screen label="two" />
      </Suspense>,
    );
    expect(container.textContent).toBe('screen two');
  });

  it('loads a chunk once, and again after a failure', async () => {
    let loads = 0;
    let fail = true;
    const Screen = lazyScreen(async () => {
      loads += 1;
      if (fail) throw new Error('offline');
      return () => <p>back</p>;
    });
    await expect(Screen.preload()).rejects.toThrow('offline');
    fail = false;
    await Promise.all([Screen.preload(), Screen.preload()]);
    expect(loads).toBe(2);
  });
});
