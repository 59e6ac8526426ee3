import { describe, expect, it } from 'vitest';
import { LIMOUX } from '../../../domain/geo';
import { project, tileGrid, tileUrl } from './tile-grid';

const TEMPLATE = 'https://tiles.example/{z}/{x}/{y}.png';
const options = { size: 128, reach: { x: 480, y: 480 }, near: { x: 200, y: 280 } };

describe('project', () => {
  it('puts the null island at the middle of the world and Limoux where the slippy-map formula does', () => {
    expect(project({ lat: 0, lon: 0 }, 0)).toEqual({ x: 128, y: 128 });
    // The OpenStreetMap wiki's tile formula, written apart: x from the longitude, y from asinh(tan(lat)).
    const lat = (LIMOUX.lat * Math.PI) / 180;
    const tiles = 2 ** 11;
    const { x, y } = project(LIMOUX, 11);
    expect(x / 256).toBeCloseTo(((LIMOUX.lon + 180) / 360) * tiles, 9);
    expect(y / 256).toBeCloseTo(((1 - Math.asinh(Math.tan(lat)) / Math.PI) / 2) * tiles, 9);
  });
});

describe('tileUrl', () => {
  it('fills the template as Leaflet does on a sharp screen: subdomains a, b and c by x + y, {r} as @2x', () => {
    expect(tileUrl(TEMPLATE, 11, 1036, 751)).toBe('https://tiles.example/11/1036/751.png');
    const sub = 'https://{s}.tile.example/{z}/{x}/{y}{r}.png';
    expect(tileUrl(sub, 3, 1, 1)).toBe('https://c.tile.example/3/1/1@2x.png');
    expect(tileUrl(sub, 3, 1, 2)).toBe('https://a.tile.example/3/1/2@2x.png');
    expect(tileUrl(sub, 3, 2, 2)).toBe('https://b.tile.example/3/2/2@2x.png');
  });
});

describe('tileGrid', () => {
  const tiles = tileGrid(TEMPLATE, LIMOUX, 10, options);

  it('asks the next zoom level for 128 px tiles, with the one under the centre holding Limoux', () => {
    const centre = tiles.filter((t) => t.left <= 0 && t.left + 128 > 0 && t.top <= 0 && t.top + 128 > 0);
    expect(centre).toHaveLength(1);
    const { x, y } = project(LIMOUX, 11);
    expect(centre[0]?.url).toBe(`https://tiles.example/11/${Math.floor(x / 256)}/${Math.floor(y / 256)}.png`);
    // A 256 px tile at the map's own zoom is one tile of that zoom.
    const whole = tileGrid(TEMPLATE, LIMOUX, 10, { ...options, size: 256 });
    expect(
      whole.some((t) => t.url === `https://tiles.example/10/${Math.floor(x / 512)}/${Math.floor(y / 512)}.png`),
    ).toBe(true);
  });

  it('covers the reach with no gap and no overlap, tiles side by side', () => {
    const lefts = [...new Set(tiles.map((t) => t.left))].sort((a, b) => a - b);
    const tops = [...new Set(tiles.map((t) => t.top))].sort((a, b) => a - b);
    expect(tiles).toHaveLength(lefts.length * tops.length);
    expect(lefts[0]).toBeLessThanOrEqual(-480);
    expect((lefts.at(-1) ?? 0) + 128).toBeGreaterThanOrEqual(480);
    expect(tops[0]).toBeLessThanOrEqual(-480);
    expect((tops.at(-1) ?? 0) + 128).toBeGreaterThanOrEqual(480);
    for (let i = 1; i < lefts.length; i++) expect((lefts[i] ?? 0) - (lefts[i - 1] ?? 0)).toBe(128);
    expect(new Set(tiles.map((t) => t.url)).size).toBe(tiles.length);
  });

  it('marks as near exactly the tiles a 400 x 560 px frame shows', () => {
    const seen = (t: { left: number; top: number }) =>
      t.left < 200 && t.left + 128 > -200 && t.top < 280 && t.top + 128 > -280;
    expect(tiles.filter((t) => t.near)).toEqual(tiles.filter(seen));
    expect(tiles.filter((t) => t.near).length).toBeLessThanOrEqual(5 * 6);
    expect(tiles.filter((t) => !t.near).length).toBeGreaterThan(0);
  });
});
