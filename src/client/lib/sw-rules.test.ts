import { describe, expect, it } from 'vitest';
import { mayKeepPicture } from './sw-rules';

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
