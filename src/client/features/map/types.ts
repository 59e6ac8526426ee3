import type { Category, TextLanguages } from '../../../domain/activities';
import type { OpeningStatus } from '../../../domain/opening';

/** What a map needs of an activity. */
export interface MapActivity {
  id: number;
  name: string;
  /** The language of the name and other texts (docs/product.md#activity-text-in-five-languages). */
  languages?: TextLanguages;
  category: Category;
  city: string;
  latitude: number;
  longitude: number;
  imageUrl: string | null;
  /** Optional on the map, shown as 4.5 when missing (docs/product.md#maps). */
  rating?: number | null;
  reviewCount?: number;
  distance: number;
  /** Its status now (docs/when.md#what-a-card-says); the map card shows it. */
  status?: OpeningStatus;
  whenMatch?: 'match' | 'check-times';
}

/** A map activity without a rating is shown as 4.5 (docs/product.md#maps). */
export const MISSING_MAP_RATING = 4.5;
