import { carriesSecret, isPersonalPage, isPublicRead } from '../../domain/personal-urls';

/** The service worker's own caches (src/client/sw.ts, docs/offline.md). */
export const OFFLINE_CACHES = { pages: 'dl-pages', reads: 'dl-reads', images: 'dl-images' } as const;

/** Where the page tells the worker the language it is read in (docs/offline.md#pages-and-versions). */
const LANGUAGE_CACHE = 'dl-settings';
const LANGUAGE_ENTRY = '/__discoverlocal/language';

export async function rememberLanguage(storage: CacheStorage, language: string): Promise<void> {
  const cache = await storage.open(LANGUAGE_CACHE);
  await cache.put(LANGUAGE_ENTRY, new Response(language, { headers: { 'Content-Type': 'text/plain' } }));
}

/** The language the page last said it is read in; null before any did. */
export async function rememberedLanguage(storage: CacheStorage): Promise<string | null> {
  if (!(await storage.has(LANGUAGE_CACHE))) return null;
  const found = await (await storage.open(LANGUAGE_CACHE)).match(LANGUAGE_ENTRY);
  return found ? found.text() : null;
}

/** The server said no cache may keep it (`Cache-Control: no-store`). */
export function markedNoStore(response: Response): boolean {
  return /(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get('Cache-Control') ?? '');
}

/**
 * Drops from the worker's caches every entry that is personal (docs/offline.md#personal): a
 * private page, an address with a secret in it, an API answer that is not one of the public reads.
 * The worker keeps none of them; this is the logout's guard against a copy kept anyway (by an
 * earlier version of the worker, say), so that the next person on the device finds nothing of
 * the account. What is the same for everyone stays for use offline.
 */
export async function forgetPersonalEntries(storage: CacheStorage): Promise<void> {
  const sweep = async (name: string, personal: (url: URL) => boolean) => {
    if (!(await storage.has(name))) return;
    const cache = await storage.open(name);
    const requests = await cache.keys();
    await Promise.all(
      requests.filter((request) => personal(new URL(request.url))).map((request) => cache.delete(request)),
    );
  };
  await Promise.all([
    sweep(OFFLINE_CACHES.pages, isPersonalPage),
    sweep(OFFLINE_CACHES.reads, (url) => !isPublicRead(url)),
    sweep(OFFLINE_CACHES.images, carriesSecret),
  ]);
}
