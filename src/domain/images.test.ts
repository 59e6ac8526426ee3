import { describe, expect, it } from 'vitest';
import { imageSources, sharePicturePath, uploadKey } from './images.js';

const KEY = '5332ff01-5ca3-4185-b977-8bf684774b23';

describe('the addresses of an activity photo (docs/provider-workspace.md#photos)', () => {
  it('gives an uploaded photo its widths, at the public address and at the /api one of a photo waiting for approval', () => {
    expect(imageSources(`/uploads/${KEY}.webp`)).toEqual({
      src: `/uploads/${KEY}-800.webp`,
      srcSet: `/uploads/${KEY}-400.webp 400w, /uploads/${KEY}-800.webp 800w, /uploads/${KEY}-1600.webp 1600w`,
    });
    expect(imageSources(`/api/uploads/${KEY}.webp`)).toEqual({
      src: `/api/uploads/${KEY}-800.webp`,
      srcSet: `/api/uploads/${KEY}-400.webp 400w, /api/uploads/${KEY}-800.webp 800w, /api/uploads/${KEY}-1600.webp 1600w`,
    });
  });

  it('leaves a seeded picture as it is, and knows no key for it', () => {
    expect(imageSources('/images/activities/markten-1.svg')).toEqual({ src: '/images/activities/markten-1.svg' });
    expect(imageSources(null)).toBeNull();
    expect(uploadKey('/images/activities/markten-1.svg')).toBeNull();
    expect(uploadKey(null)).toBeNull();
    expect(uploadKey(`/uploads/${KEY}.webp`)).toBe(KEY);
    expect(uploadKey(`/api/uploads/${KEY}.webp`)).toBe(KEY);
    expect(sharePicturePath(KEY)).toBe(`/uploads/${KEY}-share.jpg`);
  });
});
