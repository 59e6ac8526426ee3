import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.js';
import { tileImageSource } from './security.js';

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

describe('security headers', () => {
  const ctx = useTestApp(() => ({ env: { MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' } }));

  it('sends a Content Security Policy that allows only our own code and the map tiles', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/activities?limit=1' });
    expect(res.statusCode).toBe(200);
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

  it('forbids framing and sniffing, and keeps the origin in the referrer for the tile server', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  describe('behind HTTPS', () => {
    const secure = useTestApp(() => ({ env: { PUBLIC_URL: 'https://discoverlocal.example' } }));
    it('adds HSTS and upgrades insecure requests', async () => {
      const res = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+; includeSubDomains/);
      expect(directives(res.headers['content-security-policy'] as string)).toHaveProperty('upgrade-insecure-requests');
    });
  });
});
