import { describe, expect, it } from 'vitest';
import { ACTIVITIES_PER_PART, sitemapPartXml, sitemapXml } from './sitemap.js';

const PUBLIC_URL = 'https://guide.example';
const listing = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, updatedAt: Date.UTC(2026, 0, 1) + i * 60_000 }));
const count = (xml: string, tag: string) => xml.match(new RegExp(`<${tag}>`, 'g'))?.length ?? 0;

describe('sitemap size', () => {
  it('is one file up to the part size: the pages and every activity in five languages', () => {
    const xml = sitemapXml(PUBLIC_URL, listing(ACTIVITIES_PER_PART));
    expect(xml).toContain('<urlset');
    expect(count(xml, 'url')).toBe(5 * 5 + ACTIVITIES_PER_PART * 5);
    expect(count(xml, 'url')).toBeLessThanOrEqual(50_000);
    expect(sitemapPartXml(PUBLIC_URL, listing(ACTIVITIES_PER_PART), 1)).toBeNull();
  });

  it('becomes an index of parts past it, each within 50,000 addresses, every activity in one part', () => {
    const activities = listing(20_000);
    const index = sitemapXml(PUBLIC_URL, activities);
    expect(index).toContain('<sitemapindex');
    const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(parts).toEqual([1, 2, 3].map((n) => `${PUBLIC_URL}/sitemaps/${n}.xml`));
    // The newest change of the last part: its last activity.
    expect(index).toContain(
      `<lastmod>${new Date(activities.at(-1)?.updatedAt ?? 0).toISOString()}</lastmod></sitemap>\n</sitemapindex>`,
    );
    const ids = new Set<string>();
    for (const n of [1, 2, 3]) {
      const part = sitemapPartXml(PUBLIC_URL, activities, n) ?? '';
      expect(count(part, 'url'), `part ${n}`).toBeLessThanOrEqual(50_000);
      for (const m of part.matchAll(/<loc>[^<]+\/activity\/(\d+)\?lng=nl<\/loc>/g)) ids.add(m[1] ?? '');
      // The pages are in the first part only.
      expect(part.includes(`<loc>${PUBLIC_URL}/kaart?lng=nl</loc>`), `part ${n}`).toBe(n === 1);
    }
    expect(ids.size).toBe(20_000);
    expect(sitemapPartXml(PUBLIC_URL, activities, 4)).toBeNull();
    expect(sitemapPartXml(PUBLIC_URL, activities, 0)).toBeNull();
  });
});
