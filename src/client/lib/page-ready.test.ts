import { expect, it } from 'vitest';
import { holdPageReady, markPageReady, whenPageReady } from './page-ready';

it('marks <html data-ready> only once every part held back has settled, failed ones too (docs/rendering.md#results-later)', async () => {
  let finish: () => void = () => undefined;
  holdPageReady(new Promise<void>((resolve) => (finish = resolve)));
  holdPageReady(Promise.reject(new Error('chunk failed to load')));
  let ready = false;
  void whenPageReady().then(() => (ready = true));

  const marking = markPageReady();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(document.documentElement.dataset.ready).toBeUndefined();
  expect(ready).toBe(false);

  finish();
  await marking;
  expect(document.documentElement.dataset.ready).toBe('true');
  await whenPageReady();
  expect(ready).toBe(true);
});
