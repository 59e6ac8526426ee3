import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** The map's tile URL template: its host is the one outside place images may come from. */
  mapTileUrl: string;
  /** Where people reach the app; HTTPS-only headers are sent only when it is https. */
  publicUrl: string;
}

/**
 * The CSP source for a Leaflet tile URL template: `https://{s}.tile.example.org/{z}/{x}/{y}.png`
 * gives `https://*.tile.example.org`; a template with a placeholder elsewhere in its host
 * allows its scheme only.
 */
export function tileImageSource(template: string): string {
  const [, scheme = 'https:', host = ''] = /^(https?:)\/\/([^/?#]+)/.exec(template) ?? [];
  const source = host.replace(/^\{s\}\./, '*.');
  return source && !source.includes('{') ? `${scheme}//${source}` : scheme;
}

/**
 * Security headers on every answer (helmet): a Content Security Policy that
 * lets the page load only our own scripts, styles, fonts and data, plus the
 * map tiles; no framing; a referrer that still names our origin to the tile
 * server (OpenStreetMap's tile policy asks for one); HSTS only over HTTPS.
 *
 * helmet's middleware is built once here and run on every request: the
 * Fastify wrapper (@fastify/helmet) builds it again on every request, which
 * cost about 4% of a public read (docs/benchmarks.md).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { mapTileUrl, publicUrl }: SecurityOptions) => {
    const https = publicUrl.startsWith('https:');
    const headers = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          scriptSrc: ["'self'"],
          // The worker that loads the locale data is written by our own script (docs/rendering.md#locale-data).
          workerSrc: ["'self'", 'blob:'],
          // Radix (scroll lock) and Leaflet set styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', tileImageSource(mapTileUrl)],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          manifestSrc: ["'self'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    });
    app.addHook('onRequest', (request, reply, done) =>
      headers(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)),
    );
  },
  { name: 'security' },
);
