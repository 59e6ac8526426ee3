import {
  CATEGORIES,
  CATEGORY_FILTERS,
  type CategoryFilter,
  DEFAULT_SORT,
  PRICE_FILTER,
  RATING_FILTER,
  SORT_OPTIONS,
  type SortOption,
} from '../../../domain/activities';
import { isIsoDate } from '../../../domain/dates';
import type { QueryValue } from '../../lib/api-client';
import { readSearch } from './search-param';

/** The filter dialog's state (docs/product.md#filters-and-sorting). */
export interface Filters {
  priceRange: [number, number];
  minRating: number;
  sortBy: SortOption;
  onlyBookable: boolean;
  onlySponsored: boolean;
  selectedTags: string[];
}

/** What Reset restores (docs/product.md#filters-and-sorting). */
export const DEFAULT_FILTERS: Filters = {
  priceRange: [PRICE_FILTER.min, PRICE_FILTER.max],
  minRating: RATING_FILTER.min,
  sortBy: DEFAULT_SORT,
  onlyBookable: false,
  onlySponsored: false,
  selectedTags: [],
};

export type ViewMode = 'grid' | 'list';

/** The when filter (docs/when.md#the-when-filter): a word, or a day YYYY-MM-DD. */
export type WhenValue = 'today' | 'tomorrow' | 'weekend' | (string & {});

/** Everything the overview shows, as kept in the URL. */
export interface OverviewState {
  category: CategoryFilter;
  search: string;
  filters: Filters;
  view: ViewMode;
  /** The when filter; null: any time. */
  when: WhenValue | null;
  openNow: boolean;
}

/** A when value the API takes: today, tomorrow, weekend or a real day YYYY-MM-DD; null otherwise. */
export function readWhen(raw: string | null): WhenValue | null {
  if (raw === null) return null;
  return raw === 'today' || raw === 'tomorrow' || raw === 'weekend' || isIsoDate(raw) ? raw : null;
}

const CATEGORY_VALUES: readonly string[] = [...CATEGORY_FILTERS, ...CATEGORIES];
const ALIASES: Record<string, CategoryFilter> = { festivals: 'feesten', uitzichtpunten: 'viewpoints' };

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value));
}

function snap(value: number, step: number) {
  return Math.round(value / step) * step;
}

function numberParam(params: URLSearchParams, key: string, fallback: number, min: number, max: number, step: number) {
  const raw = params.get(key);
  if (raw === null || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isFinite(value) ? snap(clamp(value, min, max), step) : fallback;
}

/** Reads the overview state from the URL; anything unknown falls back to its default. */
export function readOverviewState(params: URLSearchParams): OverviewState {
  const rawCategory = params.get('category') ?? 'alle';
  const category = (ALIASES[rawCategory] ??
    (CATEGORY_VALUES.includes(rawCategory) ? rawCategory : 'alle')) as CategoryFilter;
  const minPrice = numberParam(
    params,
    'minPrice',
    PRICE_FILTER.min,
    PRICE_FILTER.min,
    PRICE_FILTER.max,
    PRICE_FILTER.step,
  );
  const maxPrice = numberParam(
    params,
    'maxPrice',
    PRICE_FILTER.max,
    PRICE_FILTER.min,
    PRICE_FILTER.max,
    PRICE_FILTER.step,
  );
  const sort = params.get('sort');
  return {
    category,
    search: readSearch(params),
    view: params.get('view') === 'list' ? 'list' : 'grid',
    when: readWhen(params.get('when')),
    openNow: params.get('openNow') === 'true',
    filters: {
      priceRange: [Math.min(minPrice, maxPrice), Math.max(minPrice, maxPrice)],
      minRating: numberParam(
        params,
        'minRating',
        RATING_FILTER.min,
        RATING_FILTER.min,
        RATING_FILTER.max,
        RATING_FILTER.step,
      ),
      sortBy: SORT_OPTIONS.includes(sort as SortOption) ? (sort as SortOption) : DEFAULT_SORT,
      onlyBookable: params.get('bookable') === 'true',
      onlySponsored: params.get('sponsored') === 'true',
      selectedTags: [
        ...new Set(
          (params.get('tags') ?? '')
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ],
    },
  };
}

/** Writes the overview state into URL parameters, leaving out every default. */
export function writeOverviewState(state: OverviewState): URLSearchParams {
  const params = new URLSearchParams();
  const { filters } = state;
  if (state.category !== 'alle') params.set('category', state.category);
  if (state.search.trim()) params.set('q', state.search.trim());
  if (filters.priceRange[0] !== PRICE_FILTER.min) params.set('minPrice', String(filters.priceRange[0]));
  if (filters.priceRange[1] !== PRICE_FILTER.max) params.set('maxPrice', String(filters.priceRange[1]));
  if (filters.minRating !== RATING_FILTER.min) params.set('minRating', String(filters.minRating));
  if (filters.sortBy !== DEFAULT_SORT) params.set('sort', filters.sortBy);
  if (filters.onlyBookable) params.set('bookable', 'true');
  if (filters.onlySponsored) params.set('sponsored', 'true');
  if (filters.selectedTags.length > 0) params.set('tags', filters.selectedTags.join(','));
  if (state.when !== null) params.set('when', state.when);
  if (state.openNow) params.set('openNow', 'true');
  if (state.view === 'list') params.set('view', 'list');
  return params;
}

/** True when any filter of the dialog differs from its default (the dot on the button). */
export function hasActiveFilters(filters: Filters): boolean {
  return (
    filters.priceRange[0] !== DEFAULT_FILTERS.priceRange[0] ||
    filters.priceRange[1] !== DEFAULT_FILTERS.priceRange[1] ||
    filters.minRating !== DEFAULT_FILTERS.minRating ||
    filters.sortBy !== DEFAULT_FILTERS.sortBy ||
    filters.onlyBookable ||
    filters.onlySponsored ||
    filters.selectedTags.length > 0
  );
}

/**
 * The API query for the state. A price bound at the slider's end is no bound
 * at all: the top of the slider means "200 or more", and unknown prices stay.
 */
/**
 * The days of the overview's weather lines (docs/when.md#weather-suggestions): the chosen day (the
 * when filter's; today when none is chosen) orders the list, and a second line tells of today when
 * another day is chosen, else of tomorrow.
 */
export function overviewWeatherDays(when: WhenValue | null): { list: WhenValue; other: 'today' | 'tomorrow' } {
  const list = when ?? 'today';
  return { list, other: list === 'today' ? 'tomorrow' : 'today' };
}

export function toActivitiesQuery(
  state: Pick<OverviewState, 'category' | 'search' | 'filters'> & Partial<Pick<OverviewState, 'when' | 'openNow'>>,
): Record<string, QueryValue> {
  const { filters } = state;
  return {
    category: state.category === 'alle' ? undefined : state.category,
    search: state.search.trim() || undefined,
    minPrice: filters.priceRange[0] > PRICE_FILTER.min ? filters.priceRange[0] : undefined,
    maxPrice: filters.priceRange[1] < PRICE_FILTER.max ? filters.priceRange[1] : undefined,
    minRating: filters.minRating > 0 ? filters.minRating : undefined,
    sort: filters.sortBy === DEFAULT_SORT ? undefined : filters.sortBy,
    bookable: filters.onlyBookable ? true : undefined,
    sponsored: filters.onlySponsored ? true : undefined,
    tags: filters.selectedTags.length > 0 ? filters.selectedTags : undefined,
    when: state.when ?? undefined,
    openNow: state.openNow ? true : undefined,
  };
}
