/**
 * `<html data-ready>`: the page answers clicks (the end-to-end tests wait for it). A part of a
 * rendered page that hydrates after the rest (docs/rendering.md#results-later) holds it back until it
 * has.
 */
const held: Promise<unknown>[] = [];
let ready: () => void = () => undefined;
const readyPromise = new Promise<void>((resolve) => (ready = resolve));

/** Keeps `<html data-ready>` off until `until` settles. */
export function holdPageReady(until: Promise<unknown>) {
  held.push(until);
}

/** Called once the page is React's; marks it ready once every part held back is too. */
export async function markPageReady() {
  await Promise.allSettled(held);
  document.documentElement.dataset.ready = 'true';
  ready();
}

/** Settles once the whole page is hydrated: for a change that parts hydrating later must not see first. */
export function whenPageReady(): Promise<void> {
  return readyPromise;
}
