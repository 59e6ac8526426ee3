import { describe, expect, it } from 'vitest';
import { keptPageFits, mayKeepPicture } from './sw-rules';

const answer = (status: number, cacheControl?: string) =>
  new Response(status === 304 ? null : 'x', {
    status,
    headers: cacheControl ? { 'Cache-Control': cacheControl } : {},
  });

describe('the pictures the service worker keeps', () => {
  it('keeps a public photo and a seeded picture', () => {
    expect(mayKeepPicture(answer(200, 'public, max-age=31536000, immutable'))).toBe(true);
    expect(mayKeepPicture(answer(200, 'public, max-age=604800'))).toBe(true);
    expect(mayKeepPicture(answer(200))).toBe(true);
  });

  it('never keeps a photo that waits for approval, nor a 404 a later approval turns into the photo', () => {
    expect(mayKeepPicture(answer(200, 'private, no-store'))).toBe(false);
    expect(mayKeepPicture(answer(200, 'no-store'))).toBe(false);
    expect(mayKeepPicture(answer(200, 'private, max-age=60'))).toBe(false);
    expect(mayKeepPicture(answer(200, 'max-age=60,private'))).toBe(false);
    expect(mayKeepPicture(answer(404, 'no-store'))).toBe(false);
    expect(mayKeepPicture(answer(404))).toBe(false);
  });
});

describe('the kept pages the service worker answers offline (docs/offline.md#pages-and-versions)', () => {
  const page = (language: string | null) =>
    new Response('<html>', { headers: language ? { 'Content-Language': language } : {} });
  const at = (address: string) => new URL(address, 'https://guide.example');

  it('answers with a page kept in the language the visitor reads now', () => {
    expect(keptPageFits(page('fr'), at('/activity/3'), 'fr')).toBe(true);
    expect(keptPageFits(page('de'), at('/?lng=de'), 'fr')).toBe(true);
  });

  it('leaves a page kept in another language to the shell', () => {
    expect(keptPageFits(page('nl'), at('/'), 'fr')).toBe(false);
    expect(keptPageFits(page('fr'), at('/?lng=es'), 'fr')).toBe(false);
  });

  it('reads an unknown ?lng= as the server does, and trusts the page when nothing says otherwise', () => {
    expect(keptPageFits(page('fr'), at('/?lng=xx'), 'fr')).toBe(true);
    expect(keptPageFits(page('nl'), at('/'), null)).toBe(true);
  });
});
