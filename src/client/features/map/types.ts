import type { Category } from '../../../domain/activities';

/** What a map needs of an activity. */
export interface MapActivity {
  id: number;
  name: string;
  category: Category;
  city: string;
  latitude: number;
  longitude: number;
  imageUrl: string | null;
  /** Spec 3: optional on the map, shown as 4.5 when missing. */
  rating?: number | null;
  reviewCount?: number;
  distance: number;
}

/** Spec 3: a map activity without a rating is shown as 4.5. */
export const MISSING_MAP_RATING = 4.5;
