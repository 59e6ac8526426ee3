import type { Language } from './languages.js';

/** The public pages whose head the server writes (docs/seo.md#pages). */
export type PageKind = 'home' | 'map' | 'agenda' | 'favourites' | 'landing' | 'privacy' | 'notFound';

/** The site's name in titles, the same in every language: "<page> · DiscoverLocal Limoux". */
export const SITE_NAME = 'DiscoverLocal Limoux';

/**
 * Each public page's title, in the words of the web client's own texts (its hero, navigation and 404
 * page), so that a search result and the page it opens say the same. The server writes them into the
 * head; the client sets them on every navigation (docs/seo.md#titles).
 */
export const PAGE_TITLES: Record<Language, Record<PageKind, string>> = {
  nl: {
    home: 'Ontdek het beste van Limoux',
    map: 'Kaart van de activiteiten',
    agenda: 'Agenda: markten en evenementen',
    favourites: 'Mijn favorieten',
    landing: 'Limoux, zoals de Limouxins het kennen',
    privacy: 'Privacy en je gegevens',
    notFound: 'Pagina niet gevonden',
  },
  en: {
    home: 'Discover the best of Limoux',
    map: 'Map of the activities',
    agenda: 'Agenda: markets and events',
    favourites: 'My favourites',
    landing: 'Limoux, the way the locals know it',
    privacy: 'Privacy and your data',
    notFound: 'Page not found',
  },
  fr: {
    home: 'Découvrez le meilleur de Limoux',
    map: 'Carte des activités',
    agenda: 'Agenda : marchés et événements',
    favourites: 'Mes favoris',
    landing: 'Limoux, telle que la connaissent les Limouxins',
    privacy: 'Confidentialité et vos données',
    notFound: 'Page introuvable',
  },
  de: {
    home: 'Entdecken Sie das Beste von Limoux',
    map: 'Karte der Aktivitäten',
    agenda: 'Veranstaltungskalender: Märkte und Feste',
    favourites: 'Meine Favoriten',
    landing: 'Limoux, wie die Einheimischen es kennen',
    privacy: 'Datenschutz und Ihre Daten',
    notFound: 'Seite nicht gefunden',
  },
  es: {
    home: 'Descubre lo mejor de Limoux',
    map: 'Mapa de las actividades',
    agenda: 'Agenda: mercados y eventos',
    favourites: 'Mis favoritos',
    landing: 'Limoux, tal y como lo conocen los de aquí',
    privacy: 'Privacidad y tus datos',
    notFound: 'Página no encontrada',
  },
};

/** What a path shows; a trailing slash is the same page. */
export type PageTarget = { kind: PageKind } | { kind: 'activity'; id: number } | { kind: 'app' };

/** The client's public paths (src/client/app/router.tsx); the private ones are the app's, not indexed. */
const PUBLIC_PAGES: Record<string, PageKind> = {
  '/': 'home',
  '/kaart': 'map',
  '/agenda': 'agenda',
  '/favorieten': 'favourites',
  '/landing': 'landing',
  '/privacy': 'privacy',
};
const APP_PAGES = [
  /^\/login$/,
  /^\/role-selection$/,
  /^\/admin(\/activities(\/\d+|\/pending|\/new)?|\/bookings|\/sponsorships|\/tags|\/settings)?$/,
  /^\/provider(\/apply|\/bookings|\/sponsorship|\/activities\/new|\/activities\/\d+(\/preview|\/availability|\/days)?)?$/,
  /^\/boekingen(\/\d+\/annuleren)?$/,
  // A mailed link to one's data: its token is the secret (docs/privacy.md#download-my-data).
  /^\/privacy\/data\/[\w-]+$/,
];

/** What a path shows: a page of its own, an activity, one of the app's private pages, or nothing (404). */
export function targetOf(pathname: string): PageTarget {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = PUBLIC_PAGES[path];
  if (page) return { kind: page };
  const activity = /^\/activity\/(\d{1,9})$/.exec(path);
  if (activity) return { kind: 'activity', id: Number(activity[1]) };
  if (APP_PAGES.some((pattern) => pattern.test(path))) return { kind: 'app' };
  return { kind: 'notFound' };
}

/** The title of a page in the browser's tab: an activity's name, a page's title, or the site's name. */
export function pageTitle(target: { kind: PageKind | 'app' } | { kind: 'activity'; name: string }, language: Language) {
  if (target.kind === 'activity') return `${target.name} · ${SITE_NAME}`;
  if (target.kind === 'app') return SITE_NAME;
  if (target.kind === 'home') return `${SITE_NAME} · ${PAGE_TITLES[language].home}`;
  return `${PAGE_TITLES[language][target.kind]} · ${SITE_NAME}`;
}
