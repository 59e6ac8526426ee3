/**
 * `<html data-ready>`: the page answers clicks (the end-to-end tests wait for it). A part of a
 * rendered page that hydrates after the rest (docs/rendering.md#cards-later) holds it back until it
 * has.
 */
const held: Promise<unknown>[] = [];

/** Keeps `<html data-ready>` off until `until` settles. */
export function holdPageReady(until: Promise<unknown>) {
  held.push(until);
}

/** Called once the page is React's; marks it ready once every part held back is too. */
export async function markPageReady() {
  await Promise.allSettled(held);
  document.documentElement.dataset.ready = 'true';
}
