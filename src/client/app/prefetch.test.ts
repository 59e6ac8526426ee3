import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiTransport } from '../lib/api-client';
import { prefetchPage } from './prefetch';

const TILES = 'https://tiles.example/{z}/{x}/{y}.png';

/** An API of `total` activities, answering pages as the real one does (X-Total-Count), recording each read. */
function apiOf(total: number) {
  const reads: string[] = [];
  setApiTransport(async (url) => {
    reads.push(url);
    const address = new URL(url, 'http://api.invalid');
    if (address.pathname === '/api/stats') return Response.json({ markets: 1, events: 1, sports: 1, viewpoints: 1 });
    if (address.pathname === '/api/config') return Response.json({ mapTileUrl: TILES, mapAttribution: 'tiles' });
    const limit = Number(address.searchParams.get('limit'));
    const offset = Number(address.searchParams.get('offset') ?? 0);
    const count = Math.max(0, Math.min(limit, total - offset));
    const items = Array.from({ length: count }, (_, i) => ({ id: offset + i + 1, name: `Activity ${offset + i + 1}` }));
    return Response.json(items, { headers: { 'X-Total-Count': String(total) } });
  });
  return reads;
}

afterEach(() => setApiTransport((url, init) => fetch(url, init)));

describe('prefetchPage for the map', () => {
  it('brings the first page of the list under the map (100 at most) and the counts, not the whole list', async () => {
    const reads = apiOf(520);
    const client = new QueryClient();
    await prefetchPage(client, new URL('http://page.invalid/kaart?category=markten'), 'fr');
    const list = client
      .getQueryCache()
      .findAll({ queryKey: ['activities'] })
      .find((q) => q.queryKey.includes('map'));
    const pages = (list?.state.data as { pages: { items: unknown[]; total: number }[] }).pages;
    expect(pages).toHaveLength(1);
    expect(pages[0]?.items).toHaveLength(100);
    expect(pages[0]?.total).toBe(520);
    expect(client.getQueryData(['activities', 'stats'])).toMatchObject({ markets: 1 });
    // The tile address, for the map's preview drawn by the server.
    expect(client.getQueryData(['client-config'])).toMatchObject({ mapTileUrl: TILES });
    expect(reads.filter((read) => read.startsWith('/api/activities'))).toEqual([
      '/api/activities?category=markten&lng=fr&limit=100&offset=0',
    ]);
  });
});

describe('prefetchPage', () => {
  it('brings the client configuration with the reads of the overview and of an activity', async () => {
    for (const page of ['/', '/activity/3']) {
      const reads = apiOf(10);
      const client = new QueryClient();
      await prefetchPage(client, new URL(`http://page.invalid${page}`), 'nl');
      expect(reads).toContain('/api/config');
      expect(client.getQueryData(['client-config'])).toMatchObject({ mapTileUrl: TILES });
    }
  });

  it('asks nothing for a page whose reads are all the browser’s own', async () => {
    const reads = apiOf(10);
    vi.stubGlobal('fetch', vi.fn());
    await prefetchPage(new QueryClient(), new URL('http://page.invalid/favorieten'), 'nl');
    expect(reads).toEqual([]);
    vi.unstubAllGlobals();
  });
});

describe('prefetchPage for the privacy page', () => {
  it('brings the configuration only: the operator, the contact and the retention period', async () => {
    const reads = apiOf(0);
    const client = new QueryClient();
    await prefetchPage(client, new URL('http://page.invalid/privacy'), 'de');
    expect(reads).toEqual(['/api/config']);
    expect(client.getQueryData(['client-config'])).toMatchObject({ mapTileUrl: TILES });
  });
});
