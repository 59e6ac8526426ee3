import { LANGUAGES } from '../../../domain/languages.js';
import { escapeHtml, pageUrl } from './head.js';

/** The public pages besides the activities; favourites are the visitor's own and not listed. */
const LISTED_PAGES = ['/', '/kaart', '/landing'];

/**
 * The sitemap (docs/seo.md#sitemap): every listed page and every public activity in the five
 * languages, each address naming its alternates (`hreflang`, and x-default without `?lng=`);
 * an activity's `lastmod` is its last change.
 */
export function sitemapXml(publicUrl: string, activities: { id: number; updatedAt: Date }[]): string {
  const entries: string[] = [];
  const add = (path: string, lastmod: Date | null) => {
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
          lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''
        }${alternates}</url>`,
      );
    }
  };
  for (const path of LISTED_PAGES) add(path, null);
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
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
