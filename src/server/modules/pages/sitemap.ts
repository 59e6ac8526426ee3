import { LANGUAGES } from '../../../domain/languages.js';
import { escapeHtml, pageUrl } from './head.js';

/** The public pages besides the activities; favourites are the visitor's own and not listed. */
const LISTED_PAGES = ['/', '/kaart', '/agenda', '/landing', '/privacy'];

/** A sitemap holds at most 50,000 addresses; a part holds this many activities (five addresses each). */
export const ACTIVITIES_PER_PART = 9000;

/** The public activities and when each last changed (milliseconds since 1970). */
type Listing = { id: number; updatedAt: number }[];

/**
 * The sitemap (docs/seo.md#sitemap): every listed page and every public activity in the five
 * languages, each address naming its alternates (`hreflang`, and x-default without `?lng=`);
 * an activity's `lastmod` is its last change. Past one file's 50,000 addresses, /sitemap.xml is
 * an index of parts, /sitemaps/1.xml onwards, the pages in the first.
 */
export function sitemapXml(publicUrl: string, activities: Listing): string {
  const parts = Math.ceil(activities.length / ACTIVITIES_PER_PART);
  if (parts <= 1) return sitemapPart(publicUrl, activities, true);
  const newest = (slice: Listing) => slice.reduce((latest, a) => Math.max(latest, a.updatedAt), 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...Array.from({ length: parts }, (_, i) => {
      const slice = activities.slice(i * ACTIVITIES_PER_PART, (i + 1) * ACTIVITIES_PER_PART);
      return `<sitemap><loc>${escapeHtml(`${publicUrl}/sitemaps/${i + 1}.xml`)}</loc><lastmod>${new Date(newest(slice)).toISOString()}</lastmod></sitemap>`;
    }),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** Part `n` (from 1) of a sitemap too large for one file, or null when there is no such part. */
export function sitemapPartXml(publicUrl: string, activities: Listing, n: number): string | null {
  const parts = Math.ceil(activities.length / ACTIVITIES_PER_PART);
  if (parts <= 1 || n < 1 || n > parts) return null;
  return sitemapPart(publicUrl, activities.slice((n - 1) * ACTIVITIES_PER_PART, n * ACTIVITIES_PER_PART), n === 1);
}

function sitemapPart(publicUrl: string, activities: Listing, withPages: boolean): string {
  const entries: string[] = [];
  const add = (path: string, lastmod: number | null) => {
    const alternates = [
      ...LANGUAGES.map(
        (language) =>
          `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeHtml(pageUrl(publicUrl, path, language))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(publicUrl, path, null))}"/>`,
    ].join('');
    for (const language of LANGUAGES) {
      entries.push(
        `<url><loc>${escapeHtml(pageUrl(publicUrl, path, language))}</loc>${
          lastmod === null ? '' : `<lastmod>${new Date(lastmod).toISOString()}</lastmod>`
        }${alternates}</url>`,
      );
    }
  };
  if (withPages) for (const path of LISTED_PAGES) add(path, null);
  for (const activity of activities) add(`/activity/${activity.id}`, activity.updatedAt);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** Crawlers may read every public page; the API, accounts, provider and admin pages are not for them. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /provider',
    'Disallow: /boekingen',
    'Disallow: /login',
    'Disallow: /role-selection',
    'Disallow: /privacy/data/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
