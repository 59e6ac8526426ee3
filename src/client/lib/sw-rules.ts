import { isLanguage } from '../../domain/languages';

/**
 * What the service worker may keep (docs/offline.md), apart from sw.ts so that it can be tested.
 */

/**
 * Whether a page kept for offline use may answer `url` (docs/offline.md#pages-and-versions): it must
 * be in the language the visitor reads now, the address's `?lng=` or else the one the page last told
 * the worker (`remembered`). A page kept in another language would paint in it and then switch once
 * the app started; the shell of the build draws the page in the right one instead.
 */
export function keptPageFits(kept: Response, url: URL, remembered: string | null): boolean {
  const language = kept.headers.get('content-language');
  const asked = url.searchParams.get('lng');
  const wanted = asked !== null && isLanguage(asked) ? asked : remembered;
  return wanted === null || language === null || language === wanted;
}

/**
 * Whether a picture's answer may be kept for offline use: a whole 200 that its `Cache-Control`
 * does not keep from caches (a provider's photo that waits for approval is `private, no-store`).
 */
export function mayKeepPicture(response: Response): boolean {
  if (response.status !== 200) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  return !/(?:^|[\s,])(?:no-store|private)(?:$|[\s,=])/i.test(cacheControl);
}
