import { describe, expect, it } from 'vitest';
import { routePreloads } from './preloads.js';

describe('route preloads', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_react.js', '_i18n.js'] },
    '_react.js': { file: 'assets/react-1.js' },
    '_i18n.js': { file: 'assets/i18n-1.js', imports: ['_react.js'] },
    'app/routes/overview.tsx': { file: 'assets/overview-1.js', imports: ['_card.js', '_react.js'] },
    '_card.js': { file: 'assets/card-1.js', imports: ['_star.js', '_i18n.js'] },
    '_star.js': { file: 'assets/star-1.js' },
    'app/routes/activity-detail.tsx': { file: 'assets/detail-1.js', imports: ['_card.js'] },
    'app/routes/map.tsx': { file: 'assets/map-1.js', imports: ['_react.js'] },
    'features/map/components/activity-map.tsx': { file: 'assets/activity-map-1.js', imports: ['_leaflet.js'] },
    '_leaflet.js': { file: 'assets/leaflet-1.js', imports: ['_react.js'] },
  };
  const preloads = routePreloads(manifest);

  it("gives a page's route chunk and all it imports, leaving out what the entry loads already", () => {
    expect(preloads('home')).toEqual(['/assets/overview-1.js', '/assets/card-1.js', '/assets/star-1.js']);
    expect(preloads('activity')).toEqual(['/assets/detail-1.js', '/assets/card-1.js', '/assets/star-1.js']);
  });

  it('gives the map page its map too, which the route loads itself once hydrated', () => {
    expect(preloads('map')).toEqual(['/assets/map-1.js', '/assets/activity-map-1.js', '/assets/leaflet-1.js']);
  });

  it('gives nothing for a route the build does not have, or for the private pages', () => {
    expect(preloads('landing')).toEqual([]);
    expect(preloads('app')).toEqual([]);
  });
});
