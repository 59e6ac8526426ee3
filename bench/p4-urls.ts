import { addDays, todayInParis } from '../src/domain/dates.js';

/**
 * The URLs of P4 (docs/benchmarks.md, P4): `samples` of one kind over a catalogue of
 * `scale` activities, each a position, a language and a page of its own; `random` gives the positions.
 * Shared by bench/api.ts (over HTTP) and bench/lists.ts (the snapshot in the process).
 */
export function p4Urls(samples: number, scale: number, kind: string, random: () => number): string[] {
  // Prefixes, whole words, typos and synonyms (docs/search.md).
  const words = [
    'cha',
    'chateau',
    'randon',
    'marche',
    'wijn',
    'lac',
    'abbaye',
    'velo',
    'musee',
    'fete',
    'kelder kast',
    'chateu',
    'randonee',
    'carcasone',
    'hiking',
    'wandelen',
    'sport',
    'point de vue',
  ];
  const sorts = ['distance', 'rating', 'price_low', 'price_high', 'name', 'newest'];
  const categories = ['markten', 'feesten', 'sport', 'viewpoints', 'zomeractiviteiten', 'uitjes', 'top_rated'];
  const langs = ['nl', 'en', 'fr', 'de', 'es'];
  return Array.from({ length: samples }, (_, i) => {
    const lat = (43.0547 + (random() - 0.5) * 0.4).toFixed(5);
    const lon = (2.2186 + (random() - 0.5) * 0.4).toFixed(5);
    const lng = langs[i % langs.length];
    const at = `lat=${lat}&lon=${lon}&lng=${lng}`;
    switch (kind) {
      case 'search':
        return `/api/activities?search=${encodeURIComponent(words[i % words.length] ?? 'cha')}&${at}`;
      case 'filter':
        return `/api/activities?category=${categories[i % categories.length]}&minPrice=5&maxPrice=${40 + (i % 5) * 10}&bookable=${i % 2 === 0}&minRating=${(i % 4) * 0.5}&${at}`;
      case 'sort':
        return `/api/activities?sort=${sorts[i % sorts.length]}&${at}`;
      case 'when': {
        // The when filter (docs/when.md#the-when-filter): the words and days of the next month, some with a category or a sort.
        const when = ['today', 'tomorrow', 'weekend', addDays(todayInParis(new Date()), i % 30)][i % 4];
        const more =
          i % 3 === 0
            ? `&category=${categories[i % categories.length]}`
            : i % 3 === 1
              ? `&sort=${sorts[i % sorts.length]}`
              : '';
        return `/api/activities?when=${when}${more}&${at}`;
      }
      case 'map': {
        // A view of the map (docs/api.md#the-map): a 1,200 x 700 pixel frame somewhere around Limoux, at
        // the map's zooms; one in five with a category, as the map page's chips ask.
        const zoom = 7 + (i % 12);
        const degrees = 360 / (256 * 2 ** zoom);
        const lonC = 2.2186 + (random() - 0.5) * 0.6;
        const latC = 43.0547 + (random() - 0.5) * 0.6;
        const half = { lon: 600 * degrees, lat: 350 * degrees * Math.cos((latC * Math.PI) / 180) };
        const view = [lonC - half.lon, latC - half.lat, lonC + half.lon, latC + half.lat].map((v) => v.toFixed(5));
        const category = i % 5 === 0 ? `&category=${categories[i % categories.length]}` : '';
        return `/api/map?west=${view[0]}&south=${view[1]}&east=${view[2]}&north=${view[3]}&zoom=${zoom}${category}&lng=${lng}`;
      }
      case 'open now':
        return `/api/activities?openNow=true${i % 2 === 0 ? '&when=today' : `&sort=${sorts[i % sorts.length]}`}&${at}`;
      default:
        return `/api/activities?sort=${sorts[i % sorts.length]}&offset=${Math.floor(random() * (scale - 100))}&limit=24&${at}`;
    }
  });
}
