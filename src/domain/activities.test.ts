import { describe, expect, it } from 'vitest';
import { activityIdParams, activityListQuery } from './activity-schemas.js';
import { displayName } from './reviews.js';

describe('activityListQuery', () => {
  it('fills the defaults', () => {
    expect(activityListQuery.parse({})).toEqual({ sort: 'distance', limit: 12, offset: 0 });
  });

  it('maps the map vocabulary onto the categories', () => {
    expect(activityListQuery.parse({ category: 'festivals' }).category).toBe('feesten');
    expect(activityListQuery.parse({ category: 'uitzichtpunten' }).category).toBe('viewpoints');
    expect(activityListQuery.parse({ category: 'top_rated' }).category).toBe('top_rated');
  });

  it('reads flags, numbers and tag lists from query text', () => {
    expect(
      activityListQuery.parse({
        bookable: '1',
        sponsored: 'false',
        minPrice: '5',
        maxPrice: '20.5',
        tags: ' Wijn,gratis,,wijn ',
      }),
    ).toMatchObject({ bookable: true, sponsored: false, minPrice: 5, maxPrice: 20.5, tags: ['wijn', 'gratis'] });
  });

  it.each([
    [{ minPrice: '' }],
    [{ minPrice: '1e3' }],
    [{ limit: '1.5' }],
    [{ lat: '43' }],
    [{ minPrice: '9', maxPrice: '8' }],
    [{ unknown: 'x' }],
  ])('refuses %j', (query) => {
    expect(activityListQuery.safeParse(query).success).toBe(false);
  });

  it('accepts positive whole ids only', () => {
    expect(activityIdParams.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-1', '01', '1.0', 'abc', '99999999999'])
      expect(activityIdParams.safeParse({ id }).success).toBe(false);
  });
});

describe('displayName', () => {
  it('keeps a first name and the initial of the last', () => {
    expect(displayName('Sanne', 'visser')).toBe('Sanne V.');
    expect(displayName('Sanne', null)).toBe('Sanne');
    expect(displayName(null, '  ')).toBeNull();
  });
});
