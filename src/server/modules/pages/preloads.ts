import type { PageTarget } from '../../../domain/pages.js';

/** Vite's build manifest (dist/client/.vite/manifest.json): each source module's chunk and its imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/**
 * Each rendered page's route module (src/client/app/router.tsx), as the manifest names it, and
 * for the map page also the map it draws at once on every screen: a chunk the route loads
 * itself, after hydrating, which would otherwise start downloading only then (Leaflet, 42 KB
 * gzipped, before the first tile; docs/rendering.md#how).
 */
const ROUTE_MODULES: Record<Exclude<PageTarget['kind'], 'app'>, string[]> = {
  home: ['app/routes/overview.tsx'],
  activity: ['app/routes/activity-detail.tsx'],
  map: ['app/routes/map.tsx', 'features/map/components/activity-map.tsx'],
  agenda: ['app/routes/agenda.tsx'],
  favourites: ['app/routes/favourites.tsx'],
  landing: ['app/routes/landing.tsx'],
  privacy: ['app/routes/privacy.tsx'],
  notFound: ['app/routes/not-found.tsx'],
};

/**
 * The scripts a rendered page needs to hydrate beyond the entry's (which index.html preloads
 * already): its route's chunk and what that imports. Preloaded from the head, they load beside
 * the entry instead of after it (docs/rendering.md#how).
 */
export function routePreloads(manifest: BuildManifest): (kind: PageTarget['kind']) => string[] {
  const closure = (key: string, seen: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
  };
  const entry = new Set<string>();
  closure('index.html', entry);
  const byKind = new Map<string, string[]>();
  for (const [kind, modules] of Object.entries(ROUTE_MODULES)) {
    const own = new Set<string>();
    for (const module of modules) closure(module, own);
    byKind.set(
      kind,
      [...own].filter((key) => !entry.has(key)).map((key) => `/${manifest[key]?.file ?? ''}`),
    );
  }
  return (kind) => byKind.get(kind) ?? [];
}
