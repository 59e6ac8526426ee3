import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPhoto } from './photo-fetch.js';

/**
 * A flux's photo on a private address (docs/datatourisme.md#photos): refused, unless its exact
 * origin is one of IMPORT_PHOTO_PRIVATE_ORIGINS; a redirect from such an origin to any other
 * private address is refused all the same.
 */

let photo: Buffer;
/** The allowed stand-in, and another server on loopback that nobody allowed. */
let allowed: { server: Server; origin: string };
let other: { server: Server; origin: string };

async function serve(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#7a9c5a' } })
    .jpeg()
    .toBuffer();
  other = await serve((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
  });
  allowed = await serve((request, response) => {
    if (request.url === '/photo.jpg') response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    else if (request.url === '/moved.jpg') response.writeHead(302, { location: '/photo.jpg' }).end();
    else if (request.url === '/elsewhere.jpg') {
      response.writeHead(302, { location: `${other.origin}/photo.jpg` }).end();
    } else if (request.url === '/metadata.jpg') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else response.writeHead(404).end();
  });
});
afterAll(async () => {
  for (const { server } of [allowed, other]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('fetchPhoto and the origins allowed on a private address', () => {
  it('refuses this machine when no origin is allowed', async () => {
    await expect(fetchPhoto(`${allowed.origin}/photo.jpg`)).rejects.toThrow(/not on the internet/);
  });

  it('fetches a photo from an allowed origin, also through a redirect within it', async () => {
    const options = { privateOrigins: [allowed.origin] };
    expect((await fetchPhoto(`${allowed.origin}/photo.jpg`, options)).equals(photo)).toBe(true);
    expect((await fetchPhoto(`${allowed.origin}/moved.jpg`, options)).equals(photo)).toBe(true);
  });

  it('refuses another port, another name or another scheme of the same machine', async () => {
    const port = new URL(allowed.origin).port;
    const options = { privateOrigins: [allowed.origin] };
    await expect(fetchPhoto(`${other.origin}/photo.jpg`, options)).rejects.toThrow(/not on the internet/);
    await expect(fetchPhoto(`http://localhost:${port}/photo.jpg`, options)).rejects.toThrow(/not on the internet/);
    await expect(fetchPhoto(`http://[::ffff:127.0.0.1]:${port}/photo.jpg`, options)).rejects.toThrow(
      /not on the internet/,
    );
    await expect(
      fetchPhoto(`${other.origin}/photo.jpg`, { privateOrigins: [allowed.origin.replace('http:', 'https:')] }),
    ).rejects.toThrow(/not on the internet/);
  });

  it('refuses a redirect from an allowed origin to another private address', async () => {
    const options = { privateOrigins: [allowed.origin] };
    await expect(fetchPhoto(`${allowed.origin}/elsewhere.jpg`, options)).rejects.toThrow(/not on the internet/);
    await expect(fetchPhoto(`${allowed.origin}/metadata.jpg`, options)).rejects.toThrow(/not on the internet/);
    // The other server, allowed too, answers the same redirect's target.
    const both = { privateOrigins: [allowed.origin, other.origin] };
    expect((await fetchPhoto(`${allowed.origin}/elsewhere.jpg`, both)).equals(photo)).toBe(true);
  });
});
