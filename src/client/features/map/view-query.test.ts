import { describe, expect, it } from 'vitest';
import { viewQuery } from './view-query';

describe('viewQuery', () => {
  it('asks for the tiles around the view, the same for a small pan', () => {
    const view = { west: 2.0, south: 42.9, east: 2.5, north: 43.2, zoom: 10 };
    const asked = viewQuery(view);
    expect(asked.zoom).toBe(10);
    expect(asked.west).toBeLessThanOrEqual(view.west);
    expect(asked.east).toBeGreaterThanOrEqual(view.east);
    expect(asked.south).toBeLessThanOrEqual(view.south);
    expect(asked.north).toBeGreaterThanOrEqual(view.north);
    // A tile at zoom 10 is 0.35 degrees of longitude wide: no more than one more on each side.
    expect(asked.east - asked.west).toBeLessThan(view.east - view.west + 2 * 0.352);
    expect(viewQuery({ ...view, west: 2.001, east: 2.501 })).toEqual(asked);
  });

  it('stays within the world, whatever Leaflet says of a wide view', () => {
    expect(viewQuery({ west: -400, south: -89, east: 400, north: 89, zoom: 1 })).toEqual({
      west: -180,
      south: -85.05113,
      east: 180,
      north: 85.05113,
      zoom: 1,
    });
  });
});
