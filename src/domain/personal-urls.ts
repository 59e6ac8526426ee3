import { targetOf } from './pages.js';

/**
 * What is personal among the addresses the app opens (docs/offline.md#personal): neither the
 * service worker nor the browser's cache keeps it, so a shared device does not hand it to the
 * next person. Shared by the server (the pages' Cache-Control), the service worker (what it keeps)
 * and the logout (what it drops).
 */

/**
 * Query parameters that carry a secret: the token of a booking mail's cancel link, and OpenID
 * Connect's `code` and `state` on the way back from the identity provider.
 */
export const SECRET_PARAMS: readonly string[] = ['token', 'code', 'state'];

/** The address carries a secret in its query: whoever holds it may act with it. */
export function carriesSecret(url: URL): boolean {
  let found = false;
  // forEach, not keys(): the service worker's TypeScript library has no iterable URLSearchParams.
  url.searchParams.forEach((_value, name) => {
    if (SECRET_PARAMS.includes(name.toLowerCase())) found = true;
  });
  return found;
}

/**
 * One of the app's private pages (login, role choice, bookings, the provider's and admin's
 * screens): what it shows belongs to an account or to a link's holder. The public pages, the
 * same for everyone, are the others (docs/rendering.md).
 */
export function isPersonalPage(url: URL): boolean {
  return carriesSecret(url) || targetOf(url.pathname).kind === 'app';
}

/**
 * The public reads of the guide, the same for everyone (the activities, their reviews and tags,
 * the tags, the map's views, the configuration, the stats); every other API answer may be personal.
 */
export function isPublicRead(url: URL): boolean {
  return (
    !carriesSecret(url) && /^\/api\/(activities(\/\d+(\/(reviews|tags))?)?|tags|map|config|stats)$/.test(url.pathname)
  );
}
