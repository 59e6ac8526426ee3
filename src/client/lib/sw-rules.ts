/**
 * What the service worker may keep (docs/offline.md), apart from sw.ts so that it can be tested.
 */

/**
 * Whether a picture's answer may be kept for offline use: a whole 200 that its `Cache-Control`
 * does not keep from caches (a provider's photo that waits for approval is `private, no-store`).
 */
export function mayKeepPicture(response: Response): boolean {
  if (response.status !== 200) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  return !/(?:^|[\s,])(?:no-store|private)(?:$|[\s,=])/i.test(cacheControl);
}
