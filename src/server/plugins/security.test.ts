import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.js';
import { isApiAnswer, tileImageSource } from './security.js';

describe('tileImageSource', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.openstreetmap.fr/hot/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.fr'],
    ['http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png', 'http://127.0.0.1:8080'],
    ['https://tiles-{s}.example.org/{z}/{x}/{y}.png', 'https:'],
  ])('allows %s as %s', (template, source) => {
    expect(tileImageSource(template)).toBe(source);
  });
});

const directives = (header: string | undefined) =>
  Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );

/** The headers helmet sends on a page that an API answer does without. */
const PAGE_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('isApiAnswer', () => {
  it.each([
    ['/api/activities/1?lng=en', true],
    ['/api/health', true],
    ['/api/docsearch', true],
    ['/api/docs', false],
    ['/api/docs/', false],
    ['/api/docs/static/index.css', false],
    ['/api/docs?x=1', false],
    ['/', false],
    ['/en/map', false],
    ['/apis', false],
  ])('%s: %s', (url, api) => {
    expect(isApiAnswer(url)).toBe(api);
  });
});

describe('security headers', () => {
  const ctx = useTestApp(() => ({ env: { MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' } }));

  it('sends a page a Content Security Policy that allows only our own code and the map tiles', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(res.headers['content-security-policy'] as string | undefined);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    // The locale-data worker is written by our own script (docs/rendering.md#locale-data).
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toContain('https://*.tiles.example.org');
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it('forbids a page framing and sniffing, and keeps the origin in the referrer for the tile server', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    for (const name of PAGE_ONLY) expect(res.headers[name], name).toBeDefined();
  });

  it("gives every API answer a policy that allows nothing, no framing, no sniffing and no other site's reads", async () => {
    const url = '/api/activities?limit=1';
    const answers = [
      await ctx.app.inject({ method: 'GET', url }),
      // The same answer again, kept and written straight to the connection (no cookie), and with a cookie.
      await ctx.app.inject({ method: 'GET', url }),
      await ctx.app.inject({ method: 'GET', url, headers: { cookie: 'other=1' } }),
      await ctx.app.inject({ method: 'GET', url: '/api/health' }),
      await ctx.app.inject({ method: 'GET', url: '/api/activities?limit=nine' }),
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await ctx.app.inject({ method: 'GET', url: '/api/me/data' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 400, 404, 401]);
    for (const res of answers) {
      const csp = directives(res.headers['content-security-policy'] as string | undefined);
      expect(csp).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      for (const name of PAGE_ONLY) expect(res.headers[name], name).toBeUndefined();
    }
  });

  describe('behind HTTPS', () => {
    const secure = useTestApp(() => ({ env: { PUBLIC_URL: 'https://discoverlocal.example' } }));
    it('adds HSTS to pages and API answers, and upgrades insecure requests on pages', async () => {
      const page = await secure.app.inject({ method: 'GET', url: '/api/docs/' });
      const api = await secure.app.inject({ method: 'GET', url: '/api/health' });
      for (const res of [page, api]) {
        expect(res.headers['strict-transport-security']).toMatch(/^max-age=15552000; includeSubDomains$/);
      }
      expect(directives(page.headers['content-security-policy'] as string)).toHaveProperty('upgrade-insecure-requests');
    });
  });
});
