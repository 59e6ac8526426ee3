import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { carriesSecret, isPersonalPage, isPublicRead } from '../domain/personal-urls';
import { markedNoStore, OFFLINE_CACHES, rememberedLanguage } from './lib/offline-caches';
import { keptPageFits, mayKeepPicture } from './lib/sw-rules';

/**
 * The service worker (docs/offline.md): the app's shell and code of this build, precached
 * together so that a page never mixes two versions; what a visitor has seen (activities,
 * their favourites, pictures) kept for when the network is gone.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

// Every script, style and the shell of this build (the list is written in at build time). The shell
// answers only offline (below): Workbox would otherwise answer `/` (and `/?utm_source=…`) with it
// as the directory's index.html, an empty page with `<html lang="nl">` instead of the page the
// server renders in the visitor's language (docs/offline.md#pages-and-versions). An empty name
// turns that off.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();
// A new version takes over at once; the page reloads on the change (lib/service-worker.ts), so no page runs
// the old code against the new cache.
void self.skipWaiting();
clientsClaim();

const SHELL = '/index.html';
const DAY = 24 * 60 * 60;

/**
 * What every cache below may keep: a whole answer (200, as Workbox keeps when no plugin decides),
 * and nothing personal (docs/offline.md#personal): no answer the server marked `no-store`, nothing
 * whose address carries a secret (a cancel link's token). A shared device then holds nothing of
 * one person for the next.
 */
const keepable = {
  cacheWillUpdate: async ({ request, response }: { request: Request; response: Response }) =>
    response.status === 200 && !carriesSecret(new URL(request.url)) && !markedNoStore(response) ? response : null,
};

// Pages: always from the server when it answers (its head and status are the page's). A public page
// the server rendered (docs/rendering.md) is kept as it came, with its data: offline it shows again
// and hydrates without the network. A private page (bookings, a cancel link, the provider's and
// admin's screens) is never kept: offline it gets the shell of this build, as does a page never
// kept, whose router shows it from what is cached below. Kept pages name this build's scripts, so a
// new version drops them.
const PAGES = OFFLINE_CACHES.pages;
registerRoute(
  ({ request }) => request.mode === 'navigate',
  new NetworkFirst({
    cacheName: PAGES,
    plugins: [
      keepable,
      { cacheWillUpdate: async ({ request, response }) => (isPersonalPage(new URL(request.url)) ? null : response) },
      // Offline, a kept page answers only in the language the visitor reads now; else the shell does.
      {
        cachedResponseWillBeUsed: async ({ request, cachedResponse }) =>
          cachedResponse && keptPageFits(cachedResponse, new URL(request.url), await rememberedLanguage(caches))
            ? cachedResponse
            : null,
      },
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * DAY }),
    ],
  }),
);
self.addEventListener('activate', (event) => event.waitUntil(caches.delete(PAGES)));

/** Public reads kept per address and language only: the visitor's position changes, the activity does not. */
const keepLanguageOnly = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const language = url.searchParams.get('lng');
    const kept = new URL(url.pathname, url.origin);
    if (language) kept.searchParams.set('lng', language);
    // Lists keep their whole query: a filter, and a page's place (limit, offset), are part of what they are;
    // so do the map's views (their bounds and zoom).
    return url.pathname === '/api/activities' || url.pathname === '/api/map' || url.pathname.endsWith('/reviews')
      ? request.url
      : kept.href;
  },
};

// The guide's public reads: fresh when the network answers within 4 s, else what was seen last.
// Every other API answer may be personal, and is not kept.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isPublicRead(url),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.reads,
    networkTimeoutSeconds: 4,
    plugins: [keepLanguageOnly, keepable, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * DAY })],
  }),
);

// Pictures: their addresses never change. /uploads/ serves only photos everyone may see; a photo that
// waits for approval comes from /api/uploads/ (private, no-store) and is never kept, and neither is an
// answer whose Cache-Control forbids it (docs/offline.md).
registerRoute(
  ({ url, request }) =>
    request.destination === 'image' &&
    url.origin === self.location.origin &&
    (url.pathname.startsWith('/images/') || url.pathname.startsWith('/uploads/')),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.images,
    plugins: [
      keepable,
      { cacheWillUpdate: async ({ response }) => (mayKeepPicture(response) ? response : null) },
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY }),
    ],
  }),
);

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(SHELL)) ?? Response.error();
  return Response.error();
});
