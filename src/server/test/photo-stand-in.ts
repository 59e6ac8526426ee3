import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface PhotoStandIn {
  /** `http://127.0.0.1:<port>`, the origin to name in IMPORT_PHOTO_PRIVATE_ORIGINS. */
  url: string;
  /** The JPEG it sends for every `.jpg` path. */
  jpeg: Buffer;
  /** The paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A small landscape (hills under a sun), drawn at start-up: no binary file in the repository. */
const LANDSCAPE = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  <rect width="1200" height="675" fill="#9fd3f0"/>
  <circle cx="930" cy="170" r="80" fill="#f6c343"/>
  <path d="M0 470 Q 260 300 520 430 T 1200 380 V 675 H 0 Z" fill="#6f9a4a"/>
  <path d="M0 560 Q 340 450 700 540 T 1200 520 V 675 H 0 Z" fill="#4e7a34"/>
</svg>`;

/**
 * A photo server standing in for a tourist office's image bank (docs/datatourisme.md#photos): a
 * path of `redirects` answers 302 to its location, any other path ending in `.jpg` is the same
 * JPEG, anything else a 404.
 */
export async function startPhotoStandIn({
  port = 0,
  redirects = {},
}: { port?: number; redirects?: Record<string, string> } = {}): Promise<PhotoStandIn> {
  const jpeg = await sharp(Buffer.from(LANDSCAPE)).jpeg({ quality: 85 }).toBuffer();
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://stand-in').pathname;
    requests.push(pathname);
    const location = redirects[pathname];
    if (location !== undefined) response.writeHead(302, { location }).end();
    else if (request.method === 'GET' && pathname.endsWith('.jpg')) {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length }).end(jpeg);
    } else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    jpeg,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
