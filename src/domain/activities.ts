/** The six category keys (docs/product.md#categories-and-vocabulary). */
export const CATEGORIES = ['markten', 'feesten', 'sport', 'viewpoints', 'zomeractiviteiten', 'uitjes'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Indoors, outdoors or both (docs/when.md#indoors-and-outdoors); an activity without one is unknown (null). */
export const SETTINGS = ['indoor', 'outdoor', 'both'] as const;
export type Setting = (typeof SETTINGS)[number];

/** Filters shown beside the categories in the chip bar; not categories. */
export const CATEGORY_FILTERS = ['alle', 'top_rated'] as const;
export type CategoryFilter = Category | (typeof CATEGORY_FILTERS)[number];

/** Map vocabulary accepted as input and never stored (docs/product.md#categories-and-vocabulary). */
export const CATEGORY_ALIASES = { festivals: 'feesten', uitzichtpunten: 'viewpoints' } as const satisfies Record<
  string,
  Category
>;

/** `top_rated` keeps activities rated 4 or higher (docs/product.md#categories-and-vocabulary). */
export const TOP_RATED_MIN_RATING = 4;

export const SORT_OPTIONS = ['distance', 'rating', 'price_low', 'price_high', 'name', 'newest'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = 'distance';

/** Sponsor levels and their badges (docs/product.md#sponsorship). */
export const SPONSOR_LEVELS = [0, 1, 2, 3] as const;
export type SponsorLevel = (typeof SPONSOR_LEVELS)[number];

/** Filter ranges of the overview (docs/product.md#filters-and-sorting). */
export const PRICE_FILTER = { min: 0, max: 200, step: 5 } as const;
export const RATING_FILTER = { min: 0, max: 5, step: 0.5 } as const;

/** Paging of the overview (docs/product.md#the-overview, docs/api.md#lists-in-pages). */
export const PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
export const MAX_OFFSET = 100_000;

export const MAX_TAG_FILTERS = 10;
export const TAG_NAME_MAX_LENGTH = 40;

/** Which category each stat counts. */
export const STATS_CATEGORIES: Record<'markets' | 'events' | 'sports' | 'viewpoints', Category> = {
  markets: 'markten',
  events: 'feesten',
  sports: 'sport',
  viewpoints: 'viewpoints',
};

export type {
  Activity,
  ActivityDetail,
  ActivityListQuery,
  ActivitySource,
  AnsweredBy,
  Stats,
  TextLanguages,
} from './activity-schemas.js';

/** One colour per category, for map markers and legends (docs/product.md#categories-and-vocabulary). */
export const CATEGORY_COLORS: Record<Category, string> = {
  markten: '#b4532a',
  feesten: '#6a5aa8',
  sport: '#4f7a32',
  viewpoints: '#a86b12',
  zomeractiviteiten: '#1f7aa8',
  uitjes: '#a83a5a',
};
