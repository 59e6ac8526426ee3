import { CATEGORIES, type Activity, type ActivitySource } from '../../../domain/activities.js';
import { DATATOURISME, OPEN_LICENCE } from '../../../domain/attribution.js';
import type { Agenda } from '../../../domain/agenda.js';
import { parisInstant } from '../../../domain/availability.js';
import { addDays, todayInParis } from '../../../domain/dates.js';
import { upcomingEdition } from '../../../domain/event-dates.js';
import { sharePicturePath, uploadKey } from '../../../domain/images.js';
import { seasonDays, seasonKey, type WeeklyHoursRow } from '../../../domain/weekly-hours.js';
import { LANGUAGES, type Language } from '../../../domain/languages.js';
import { jsonForScript } from '../../../domain/page-render.js';
import { type PageTarget, pageTitle, PAGE_TITLES, SITE_NAME } from '../../../domain/pages.js';
import { PAGE_TEXTS } from './texts.js';

/** What the server writes into a page's head (docs/seo.md#pages). */
export interface PageHead {
  status: 200 | 404;
  language: Language;
  title: string;
  description: string;
  /** The page's own address in its language; absent on a 404. */
  canonical: string | null;
  /** The page in each language, and x-default (the address without `?lng=`); empty on a 404. */
  alternates: { hreflang: string; href: string }[];
  /** An absolute image URL for link previews. */
  image: string;
  imageAlt: string;
  ogType: 'website' | 'article';
  jsonLd: Record<string, unknown>[];
  /** Whether search engines may index the page. */
  index: boolean;
}

/** The address of `path` in `language`, or without a language (x-default: the visitor's own). */
export function pageUrl(publicUrl: string, path: string, language: Language | null): string {
  const url = new URL(path, `${publicUrl}/`);
  if (language) url.searchParams.set('lng', language);
  return url.href;
}

function alternatesOf(publicUrl: string, path: string) {
  return [
    ...LANGUAGES.map((language) => ({ hreflang: language, href: pageUrl(publicUrl, path, language) })),
    { hreflang: 'x-default', href: pageUrl(publicUrl, path, null) },
  ];
}

/**
 * The picture a link preview shows (docs/seo.md#link-previews): a PNG of a seeded drawing, since chat
 * apps do not show SVG, and the JPEG made of an uploaded photo, since not all of them show WebP.
 */
export function previewImage(publicUrl: string, imageUrl: string | null): string {
  const svg = /^\/images\/activities\/([\w-]+)\.svg$/.exec(imageUrl ?? '');
  if (svg) return pageUrl(publicUrl, `/images/share/${svg[1]}.png`, null);
  const key = uploadKey(imageUrl);
  if (key) return pageUrl(publicUrl, sharePicturePath(key), null);
  if (imageUrl) return new URL(imageUrl, `${publicUrl}/`).href;
  return pageUrl(publicUrl, '/images/share/site.png', null);
}

function websiteLd(publicUrl: string, language: Language): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${publicUrl}/#website`,
    name: 'DiscoverLocal',
    alternateName: SITE_NAME,
    url: `${publicUrl}/`,
    inLanguage: language,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${publicUrl}/?q={search_term_string}&lng=${language}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

function breadcrumbLd(items: { name: string; url: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

function postalAddress(activity: Activity): Record<string, unknown> {
  return {
    '@type': 'PostalAddress',
    ...(activity.address ? { streetAddress: activity.address } : {}),
    addressLocality: activity.city,
    addressCountry: 'FR',
  };
}

const geoOf = (activity: Activity) => ({
  '@type': 'GeoCoordinates',
  latitude: activity.latitude,
  longitude: activity.longitude,
});

/**
 * What the attraction and its event say alike: the activity's name, text, page and picture as the
 * page shows them, whether it is free, and its price as an `Offer` when it has one. Its text is in
 * the page's language, else English, else the original (docs/product.md#activity-text-in-five-languages):
 * `inLanguage` is the description's.
 */
function describedAs(type: string | string[], id: string, activity: Activity, url: string, image: string) {
  return {
    '@context': 'https://schema.org',
    '@type': type,
    '@id': `${url.split('?')[0]}#${id}`,
    name: activity.name,
    description: activity.description,
    url,
    image: [image],
    inLanguage: activity.languages.description,
    isAccessibleForFree: activity.price === 0,
    ...(activity.price === null
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            price: activity.price.toFixed(2),
            priceCurrency: 'EUR',
            url,
            availability: 'https://schema.org/InStock',
          },
        }),
  };
}

const SCHEMA_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * Structured opening hours as schema.org has them (docs/product.md#weekly-hours): a row of a season
 * once for each stretch of days its season holds from `today` on (`seasonDays`: a shorter season
 * within it takes its days), a row of all year once, without dates.
 */
function openingHoursLd(rows: readonly WeeklyHoursRow[], today: string): Record<string, unknown>[] {
  const days = seasonDays(rows, today);
  return rows.flatMap((row) => {
    const spec = {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: row.days.map((day) => `https://schema.org/${SCHEMA_DAYS[day - 1]}`),
      opens: row.opens,
      // schema.org writes midnight at the end of a day as 23:59:59.
      closes: row.closes === '24:00' ? '23:59:59' : row.closes,
    };
    if (row.seasonStart === null) return [spec];
    return (days.get(seasonKey(row)) ?? []).map((run) => ({ ...spec, validFrom: run.start, validThrough: run.end }));
  });
}

/** An activity as the page shows it: with its source when it was imported (docs/datatourisme.md#attribution). */
type ShownActivity = Activity & { source?: ActivitySource | null };

/**
 * Where an imported activity's description comes from (docs/seo.md#structured-data): the record on
 * DATAtourisme by its author, under the Licence Ouverte, updated on the producer's day.
 */
function sourceLd(source: ActivitySource): Record<string, unknown> {
  const organization = (name: string) => ({ '@type': 'Organization', name });
  return {
    '@type': 'Dataset',
    name: source.name,
    url: DATATOURISME.url,
    ...(source.creator ? { creator: organization(source.creator) } : {}),
    publisher: organization(source.publisher ?? DATATOURISME.name),
    ...(source.updatedAt ? { dateModified: source.updatedAt } : {}),
    license: OPEN_LICENCE.url,
  };
}

/**
 * The picture as an `ImageObject` with its credits and licence, for an imported photo that has
 * them (docs/seo.md#structured-data); else its address alone.
 */
function imageLd(image: string, source: ActivitySource | null | undefined): string | Record<string, unknown> {
  if (!source || (!source.photoCredits && !source.photoLicence)) return image;
  const licence = source.photoLicence;
  return {
    '@type': 'ImageObject',
    contentUrl: image,
    url: image,
    ...(source.photoCredits ? { creditText: source.photoCredits, copyrightNotice: `© ${source.photoCredits}` } : {}),
    ...(licence
      ? { license: /^https?:\/\//.test(licence) ? licence : { '@type': 'CreativeWork', name: licence } }
      : {}),
  };
}

/**
 * One activity as schema.org sees it: a tourist attraction, and a local business so that its
 * rating from approved reviews and its price can be shown (docs/seo.md#structured-data), with its
 * opening hours where the provider gave them structured (free text has no place there), and an
 * imported one's source and photo credits.
 */
export function activityLd(
  activity: ShownActivity,
  url: string,
  image: string,
  today: string,
): Record<string, unknown> {
  const ld: Record<string, unknown> = {
    ...describedAs(['TouristAttraction', 'LocalBusiness'], 'activity', activity, url, image),
    address: postalAddress(activity),
    geo: geoOf(activity),
  };
  if (activity.source) {
    ld.image = [imageLd(image, activity.source)];
    ld.isBasedOn = sourceLd(activity.source);
  }
  const hours = openingHoursLd(activity.weeklyHours, today);
  if (hours.length > 0) ld.openingHoursSpecification = hours;
  if (activity.contactPhone) ld.telephone = activity.contactPhone;
  if (activity.website) ld.sameAs = [activity.website];
  if (activity.reviewCount > 0 && activity.rating > 0) {
    ld.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: activity.rating,
      reviewCount: activity.reviewCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return ld;
}

/**
 * The next edition of a festival or other event with dates, while it runs or is still to come
 * (docs/product.md#event-dates): an `Event` at the activity's place; null when there is none.
 */
export function eventLd(activity: Activity, url: string, image: string, today: string): Record<string, unknown> | null {
  const edition = upcomingEdition(activity, today);
  if (!edition) return null;
  return {
    ...describedAs('Event', `event-${edition.start}`, activity, url, image),
    startDate: edition.start,
    endDate: edition.end,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: activity.location ?? activity.city,
      address: postalAddress(activity),
      geo: geoOf(activity),
    },
  };
}

/** The most events the agenda page's JSON-LD lists: its head stays a few kilobytes. */
export const AGENDA_LD_MAX = 40;

/** A time on Limoux's clock with its offset, as schema.org's DateTime: 2026-07-12T08:00:00+02:00. */
function parisDateTime(day: string, time: string): string {
  const [date, clock] = time === '24:00' ? [addDays(day, 1), '00:00'] : [day, time];
  const offset = Math.round((Date.parse(`${date}T${clock}:00Z`) - parisInstant(date, clock).getTime()) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${date}T${clock}:00${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * The agenda's events as schema.org `Event`s (docs/seo.md#structured-data): an event's edition
 * once, with its first and last day; a market as an event of each day it is held, from its opening
 * to its closing on Limoux's clock. In the agenda's order, at most AGENDA_LD_MAX.
 */
export function agendaLd(agenda: Agenda, publicUrl: string, language: Language): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const editions = new Set<number>();
  for (const { day, entries } of agenda.days) {
    for (const entry of entries) {
      if (out.length >= AGENDA_LD_MAX) return out;
      if (entry.kind === 'event' && editions.has(entry.id)) continue;
      const url = pageUrl(publicUrl, `/activity/${entry.id}`, language);
      const first = entry.times[0];
      const last = entry.times.at(-1);
      const dates =
        entry.kind === 'event' && entry.edition
          ? { startDate: entry.edition.start, endDate: entry.edition.end }
          : first && last
            ? { startDate: parisDateTime(day, first.opens), endDate: parisDateTime(day, last.closes) }
            : { startDate: day, endDate: day };
      if (entry.kind === 'event') editions.add(entry.id);
      out.push({
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: entry.name,
        url,
        ...dates,
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: {
          '@type': 'Place',
          name: entry.city,
          address: { '@type': 'PostalAddress', addressLocality: entry.city, addressCountry: 'FR' },
        },
      });
    }
  }
  return out;
}

/** Cuts text for a meta description at a word, about 160 characters. */
export function shorten(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,.;:–-]+$/, '')}…`;
}

export interface HeadInput {
  publicUrl: string;
  /** The requested path (no query). */
  path: string;
  language: Language;
  /** Whether the request named its language (`?lng=`): the canonical address names it too. */
  languageInUrl: boolean;
  /** The public activity at an /activity/:id path, or null when there is none (then a 404). */
  activity: ShownActivity | null;
  /** Now: whether an event's edition is still to come, and which run of a season's hours is next (the day in Limoux, asked of activity pages only). */
  now: Date;
  /** The agenda the /agenda page shows (its JSON-LD), absent on other pages. */
  agenda?: Agenda | null;
}

/** The head of a public page, or of the 404 page. */
export function pageHead(target: PageTarget, input: HeadInput): PageHead {
  const { publicUrl, path, language, languageInUrl } = input;
  const texts = PAGE_TEXTS[language];
  const canonical = pageUrl(publicUrl, path, languageInUrl ? language : null);
  const base = {
    language,
    image: previewImage(publicUrl, null),
    imageAlt: PAGE_TITLES[language].home,
    ogType: 'website' as const,
  };
  const notFound = (): PageHead => ({
    ...base,
    status: 404,
    title: pageTitle({ kind: 'notFound' }, language),
    description: texts.pages.notFound.description,
    canonical: null,
    alternates: [],
    jsonLd: [],
    index: false,
  });
  if (target.kind === 'notFound') return notFound();
  if (target.kind === 'activity') {
    const activity = input.activity;
    if (!activity) return notFound();
    const image = previewImage(publicUrl, activity.imageUrl);
    const category = CATEGORIES.includes(activity.category) ? activity.category : null;
    const crumbs = [{ name: texts.home, url: pageUrl(publicUrl, '/', language) }];
    if (category)
      crumbs.push({ name: texts.categories[category], url: pageUrl(publicUrl, `/?category=${category}`, language) });
    const url = pageUrl(publicUrl, path, language);
    crumbs.push({ name: activity.name, url });
    const today = todayInParis(input.now);
    const event = eventLd(activity, url, image, today);
    return {
      ...base,
      status: 200,
      title: pageTitle({ kind: 'activity', name: activity.name }, language),
      description: shorten(activity.description || texts.activityIn(activity.name, activity.city)),
      canonical,
      alternates: alternatesOf(publicUrl, path),
      image,
      imageAlt: activity.name,
      ogType: 'article',
      jsonLd: [activityLd(activity, url, image, today), breadcrumbLd(crumbs), ...(event ? [event] : [])],
      index: true,
    };
  }
  if (target.kind === 'app') {
    // Accounts, provider and admin pages: the app's own, never in a search engine.
    return {
      ...notFound(),
      status: 200,
      title: pageTitle(target, language),
      description: texts.pages.home.description,
    };
  }
  const page = texts.pages[target.kind];
  return {
    ...base,
    status: 200,
    title: pageTitle(target, language),
    description: page.description,
    canonical,
    alternates: alternatesOf(publicUrl, path),
    // Favourites are the visitor's own: a page for them, not for a search engine.
    index: target.kind !== 'favourites',
    jsonLd:
      target.kind === 'home'
        ? [websiteLd(publicUrl, language)]
        : [
            breadcrumbLd([
              { name: texts.home, url: pageUrl(publicUrl, '/', language) },
              { name: PAGE_TITLES[language][target.kind], url: pageUrl(publicUrl, path, language) },
            ]),
            ...(target.kind === 'agenda' && input.agenda ? agendaLd(input.agenda, publicUrl, language) : []),
          ],
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text for an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const OG_LOCALES: Record<Language, string> = { nl: 'nl_NL', en: 'en_GB', fr: 'fr_FR', de: 'de_DE', es: 'es_ES' };

/** The tags that go into the head. */
export function renderHead(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.index ? '' : meta('name', 'robots', 'noindex'),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    ...head.alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}" />`),
    meta('property', 'og:site_name', 'DiscoverLocal'),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical ? meta('property', 'og:url', head.canonical) : '',
    meta('property', 'og:image', head.image),
    meta('property', 'og:image:alt', head.imageAlt),
    meta('property', 'og:locale', OG_LOCALES[head.language]),
    ...LANGUAGES.filter((l) => l !== head.language).map((l) => meta('property', 'og:locale:alternate', OG_LOCALES[l])),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    ...head.jsonLd.map((ld) => `<script type="application/ld+json">${jsonForScript(ld)}</script>`),
  ];
  return lines.filter(Boolean).join('\n    ');
}

/**
 * The built index.html with this page's head: its language on `<html>`, its title and
 * description in place of the defaults, and the other tags before `</head>`.
 *
 * What is put in comes from functions, never as a replacement string: `String.replace` reads
 * `$'`, `` $` ``, `$&` in such a string as the text after, before or of the match, so a
 * provider's name holding `$'` copied the rest of the template into the JSON-LD and left the
 * page's body in the head (docs/security.md#text-from-providers).
 */
export function pageHtml(template: string, head: PageHead): string {
  return template
    .replace(/<html lang="[^"]*"/, () => `<html lang="${head.language}"`)
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace('</head>', () => `  ${renderHead(head)}\n  </head>`);
}
