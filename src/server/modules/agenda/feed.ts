import { upcomingEdition } from '../../../domain/event-dates.js';
import { LIMOUX } from '../../../domain/geo.js';
import type { Language } from '../../../domain/languages.js';
import { SITE_NAME } from '../../../domain/pages.js';
import type { CatalogModel } from '../catalog/model.js';
import { escapeHtml, pageUrl, shorten } from '../pages/head.js';

/** How many entries the feed holds, the newest first. */
export const FEED_ENTRIES = 50;

const FEED_TEXTS: Record<Language, { title: string; subtitle: string; edition: string }> = {
  nl: {
    title: 'Nieuw',
    subtitle: 'Nieuwe activiteiten en edities van evenementen in en rond Limoux',
    edition: 'Editie',
  },
  en: { title: 'New', subtitle: 'New activities and event editions in and around Limoux', edition: 'Edition' },
  fr: {
    title: 'Nouveautés',
    subtitle: 'Nouvelles activités et éditions d’événements à Limoux et alentour',
    edition: 'Édition',
  },
  de: {
    title: 'Neu',
    subtitle: 'Neue Aktivitäten und Veranstaltungstermine in und um Limoux',
    edition: 'Ausgabe',
  },
  es: {
    title: 'Novedades',
    subtitle: 'Nuevas actividades y ediciones de eventos en Limoux y alrededores',
    edition: 'Edición',
  },
};

const dayFormats = new Map<Language, Intl.DateTimeFormat>();
const formatDay = (day: string, language: Language) => {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    dayFormats.set(language, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
};

interface FeedEntry {
  id: string;
  title: string;
  url: string;
  /** Milliseconds since 1970. */
  updated: number;
  summary: string;
  category: string;
}

/**
 * The Atom feed (RFC 4287) of what is new (docs/when.md#the-news-feed): each public activity, as of
 * when it was added, and each event's edition that runs or is to come, as of the activity's last
 * change, the newest FEED_ENTRIES first. Ids are tag URIs (RFC 4151) that never change.
 */
export function atomFeed(model: CatalogModel, today: string, language: Language, publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const texts = FEED_TEXTS[language];
  const entries: FeedEntry[] = [];
  for (const row of model.rows()) {
    const shown = model.get(row.id, LIMOUX, language);
    if (!shown) continue;
    const url = pageUrl(publicUrl, `/activity/${row.id}`, language);
    const summary = shorten(shown.description, 300);
    entries.push({
      id: `tag:${host},2026:activity-${row.id}`,
      title: shown.name,
      url,
      updated: row.createdAt,
      summary,
      category: row.category,
    });
    const edition = upcomingEdition(row, today);
    if (edition) {
      const dates =
        edition.start === edition.end
          ? formatDay(edition.start, language)
          : `${formatDay(edition.start, language)} – ${formatDay(edition.end, language)}`;
      entries.push({
        id: `tag:${host},2026:activity-${row.id}-edition-${edition.start}`,
        title: `${shown.name}: ${texts.edition} ${dates}`,
        url,
        updated: row.updatedAt,
        summary,
        category: row.category,
      });
    }
  }
  entries.sort((a, b) => b.updated - a.updated || (a.id < b.id ? -1 : 1));
  const shown = entries.slice(0, FEED_ENTRIES);
  const self = `${publicUrl}/feed.atom?lng=${language}`;
  const newest = new Date(shown[0]?.updated ?? 0);
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${language}">`,
    `<id>tag:${escapeHtml(host)},2026:feed-${language}</id>`,
    `<title>${escapeHtml(`${texts.title} · ${SITE_NAME}`)}</title>`,
    `<subtitle>${escapeHtml(texts.subtitle)}</subtitle>`,
    `<updated>${newest.toISOString()}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${escapeHtml(self)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeHtml(pageUrl(publicUrl, '/', language))}"/>`,
    `<author><name>${escapeHtml(SITE_NAME)}</name></author>`,
    ...shown.map((entry) =>
      [
        '<entry>',
        `<id>${escapeHtml(entry.id)}</id>`,
        `<title>${escapeHtml(xmlSafe(entry.title))}</title>`,
        `<link rel="alternate" type="text/html" href="${escapeHtml(entry.url)}"/>`,
        `<updated>${new Date(entry.updated).toISOString()}</updated>`,
        `<category term="${escapeHtml(entry.category)}"/>`,
        `<summary>${escapeHtml(xmlSafe(entry.summary))}</summary>`,
        '</entry>',
      ].join(''),
    ),
    '</feed>',
    '',
  ].join('\n');
}

/** XML 1.0 allows no control characters but tab and new lines: the others become a space. */
const xmlSafe = (text: string) =>
  text.replace(/[\p{Cc}\ufffe\uffff]/gu, (c) => (c === '\t' || c === '\n' || c === '\r' ? c : ' '));
