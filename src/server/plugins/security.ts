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
 * Whether the answer to `url` is the API's (JSON, calendars, files; docs/decisions/008-security-headers.md):
 * everything under /api/ but the pages of its documentation (Swagger UI, at /api/docs).
 */
const API_ANSWER = /^\/api\/(?!docs(?:[/?]|$))/;
export const isApiAnswer = (url: string): boolean => API_ANSWER.test(url);

/**
 * Security headers on every answer (docs/decisions/008-security-headers.md). Pages (helmet): a
 * Content Security Policy that lets the page load only our own scripts, styles, fonts and data, plus
 * the map tiles; no framing; a referrer that still names our origin to the tile server
 * (OpenStreetMap's tile policy asks for one); HSTS only over HTTPS. The API's answers are no page:
 * a policy that allows nothing, no framing, no sniffing, not readable by another site's page, and
 * HSTS over HTTPS: four or five headers instead of helmet's eleven or twelve (a public read's headers
 * were as large as its answer).
 *
 * helmet's middleware is built once here and run on every page: the Fastify wrapper
 * (@fastify/helmet) builds it again on every request, which cost about 4% of a public read
 * (docs/benchmarks.md).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { mapTileUrl, publicUrl }: SecurityOptions) => {
    const https = publicUrl.startsWith('https:');
    const hsts = { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true };
    const pageHeaders = helmet({
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
      strictTransportSecurity: https ? hsts : false,
      xFrameOptions: { action: 'deny' },
    });
    const apiHeaders: [string, string][] = [
      ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
      ['X-Content-Type-Options', 'nosniff'],
      ['X-Frame-Options', 'DENY'],
      ['Cross-Origin-Resource-Policy', 'same-origin'],
      ...(https
        ? [['Strict-Transport-Security', `max-age=${hsts.maxAge}; includeSubDomains`] as [string, string]]
        : []),
    ];
    app.addHook('onRequest', (request, reply, done) => {
      if (isApiAnswer(request.url)) {
        for (const [name, value] of apiHeaders) reply.raw.setHeader(name, value);
        done();
        return;
      }
      pageHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });
  },
  { name: 'security' },
);
