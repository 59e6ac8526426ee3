import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PhotoStandIn, startPhotoStandIn } from '../../../test/photo-stand-in.js';
import { fetchPhoto } from './photo-fetch.js';

/**
 * A flux's photo on a private address (docs/datatourisme.md#photos): refused, unless its exact
 * origin is one of IMPORT_PHOTO_PRIVATE_ORIGINS; a redirect from such an origin to any other
 * private address is refused all the same.
 */

/** The allowed stand-in, and another server on loopback that nobody allowed. */
let allowed: PhotoStandIn;
let other: PhotoStandIn;

beforeAll(async () => {
  other = await startPhotoStandIn();
  allowed = await startPhotoStandIn({
    redirects: {
      '/moved.jpg': '/photo.jpg',
      '/elsewhere.jpg': `${other.url}/photo.jpg`,
      '/metadata.jpg': 'http://169.254.169.254/latest/meta-data/',
    },
  });
});
afterAll(async () => {
  await allowed?.close();
  await other?.close();
});

describe('fetchPhoto and the origins allowed on a private address', () => {
  it('refuses this machine when no origin is allowed', async () => {
    await expect(fetchPhoto(`${allowed.url}/photo.jpg`)).rejects.toThrow(/not on the internet/);
  });

  it('fetches a photo from an allowed origin, also through a redirect within it', async () => {
    const options = { privateOrigins: [allowed.url] };
    expect((await fetchPhoto(`${allowed.url}/photo.jpg`, options)).equals(allowed.jpeg)).toBe(true);
    expect((await fetchPhoto(`${allowed.url}/moved.jpg`, options)).equals(allowed.jpeg)).toBe(true);
  });

  it('refuses another port, another name or another scheme of the same machine', async () => {
    const port = new URL(allowed.url).port;
    const options = { privateOrigins: [allowed.url] };
    await expect(fetchPhoto(`${other.url}/photo.jpg`, options)).rejects.toThrow(/not on the internet/);
    await expect(fetchPhoto(`http://localhost:${port}/photo.jpg`, options)).rejects.toThrow(/not on the internet/);
    await expect(fetchPhoto(`http://[::ffff:127.0.0.1]:${port}/photo.jpg`, options)).rejects.toThrow(
      /not on the internet/,
    );
    await expect(
      fetchPhoto(`${other.url}/photo.jpg`, { privateOrigins: [allowed.url.replace('http:', 'https:')] }),
    ).rejects.toThrow(/not on the internet/);
  });

  it('refuses a redirect from an allowed origin to another private address', async () => {
    const options = { privateOrigins: [allowed.url] };
    await expect(fetchPhoto(`${allowed.url}/elsewhere.jpg`, options)).rejects.toThrow(/not on the internet/);
    await expect(fetchPhoto(`${allowed.url}/metadata.jpg`, options)).rejects.toThrow(/not on the internet/);
    // The other server, allowed too, answers the same redirect's target.
    const both = { privateOrigins: [allowed.url, other.url] };
    expect((await fetchPhoto(`${allowed.url}/elsewhere.jpg`, both)).equals(other.jpeg)).toBe(true);
  });
});
