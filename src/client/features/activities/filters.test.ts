import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  hasActiveFilters,
  type OverviewState,
  readOverviewState,
  toActivitiesQuery,
  writeOverviewState,
} from './filters';

const read = (query: string) => readOverviewState(new URLSearchParams(query));

describe('overview state in the URL', () => {
  it('starts at the defaults of docs/product.md#filters-and-sorting: price 0-200, rating 0, distance, nothing ticked, no tags', () => {
    expect(read('')).toEqual({
      category: 'alle',
      search: '',
      view: 'grid',
      when: null,
      openNow: false,
      filters: DEFAULT_FILTERS,
    });
    expect(DEFAULT_FILTERS).toEqual({
      priceRange: [0, 200],
      minRating: 0,
      sortBy: 'distance',
      onlyBookable: false,
      onlySponsored: false,
      selectedTags: [],
    });
  });

  it('round-trips every field and leaves defaults out of the URL', () => {
    const state: OverviewState = {
      category: 'sport',
      search: 'rando',
      view: 'list',
      when: 'weekend',
      openNow: true,
      filters: {
        priceRange: [10, 50],
        minRating: 3.5,
        sortBy: 'price_low',
        onlyBookable: true,
        onlySponsored: true,
        selectedTags: ['wijn', 'gratis'],
      },
    };
    const params = writeOverviewState(state);
    expect(params.toString()).toBe(
      'category=sport&q=rando&minPrice=10&maxPrice=50&minRating=3.5&sort=price_low&bookable=true&sponsored=true&tags=wijn%2Cgratis&when=weekend&openNow=true&view=list',
    );
    expect(readOverviewState(params)).toEqual(state);
    expect(writeOverviewState(read('')).toString()).toBe('');
  });

  it('accepts the map aliases and falls back on anything unknown', () => {
    expect(read('category=festivals').category).toBe('feesten');
    expect(read('category=uitzichtpunten').category).toBe('viewpoints');
    expect(read('category=nonsense&sort=nonsense&view=x').category).toBe('alle');
    expect(read('sort=nonsense').filters.sortBy).toBe('distance');
  });

  it('keeps a when filter the API takes, and drops anything else (docs/when.md#the-when-filter)', () => {
    expect(read('when=today').when).toBe('today');
    expect(read('when=2027-07-10').when).toBe('2027-07-10');
    expect(read('when=2027-02-30').when).toBeNull();
    expect(read('when=yesterday').when).toBeNull();
    expect(read('openNow=1').openNow).toBe(false);
    expect(toActivitiesQuery(read('when=weekend&openNow=true'))).toMatchObject({ when: 'weekend', openNow: true });
  });

  it('clamps and snaps numbers to the sliders, and orders a reversed price range', () => {
    expect(read('minPrice=-10&maxPrice=999').filters.priceRange).toEqual([0, 200]);
    expect(read('minPrice=13').filters.priceRange).toEqual([15, 200]);
    expect(read('minPrice=80&maxPrice=20').filters.priceRange).toEqual([20, 80]);
    expect(read('minRating=4.3').filters.minRating).toBe(4.5);
    expect(read('minRating=abc').filters.minRating).toBe(0);
  });
});

describe('hasActiveFilters (the dot on the Filters button)', () => {
  it('is false at the defaults and true when any filter moves', () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, priceRange: [5, 200] })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, priceRange: [0, 195] })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, minRating: 0.5 })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, sortBy: 'name' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, onlyBookable: true })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, onlySponsored: true })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, selectedTags: ['wijn'] })).toBe(true);
  });
});

describe('toActivitiesQuery', () => {
  it('sends nothing for defaults, and no bound at the ends of the price slider', () => {
    expect(toActivitiesQuery({ category: 'alle', search: '  ', filters: DEFAULT_FILTERS })).toEqual({
      category: undefined,
      search: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      minRating: undefined,
      sort: undefined,
      bookable: undefined,
      sponsored: undefined,
      tags: undefined,
      when: undefined,
      openNow: undefined,
    });
  });

  it('maps every filter onto the API parameters', () => {
    expect(
      toActivitiesQuery({
        category: 'top_rated',
        search: ' wijn ',
        filters: {
          priceRange: [5, 100],
          minRating: 4,
          sortBy: 'rating',
          onlyBookable: true,
          onlySponsored: true,
          selectedTags: ['gratis'],
        },
      }),
    ).toEqual({
      category: 'top_rated',
      search: 'wijn',
      minPrice: 5,
      maxPrice: 100,
      minRating: 4,
      sort: 'rating',
      bookable: true,
      sponsored: true,
      tags: ['gratis'],
      when: undefined,
      openNow: undefined,
    });
  });
});
