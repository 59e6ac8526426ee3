import type { Activity } from '../../../../domain/activities';
import { FavouriteButton } from '../../favourites/favourite-button';
import type { ViewMode } from '../filters';
import { ActivityCard } from './activity-card';
import { ActivityListItem } from './activity-list-item';

/*
 * Cards out of view are not laid out or painted until they come near it (`content-visibility`), with
 * a height kept for them: the first paint of a page of 12 costs the few on screen (docs/rendering.md#first-paint).
 */
const OFFSCREEN_CARD = '[content-visibility:auto] [contain-intrinsic-height:auto_30rem]';
const OFFSCREEN_ROW = '[content-visibility:auto] [contain-intrinsic-height:auto_8rem]';

export interface ActivityResultsProps {
  items: Activity[];
  view: ViewMode;
  /** The activity chosen on the side map, shown highlighted. */
  selectedId: number | null;
}

/**
 * The overview's results as cards or rows. A chunk of its own: a rendered overview hydrates them
 * after the rest of the page (docs/rendering.md#cards-later).
 */
export function ActivityResults({ items, view, selectedId }: ActivityResultsProps) {
  return view === 'grid' ? (
    <ul data-results className="grid gap-6 sm:grid-cols-2 2xl:grid-cols-3">
      {items.map((activity, index) => (
        <li key={activity.id} id={`activity-${activity.id}`} className={`scroll-mt-40 ${OFFSCREEN_CARD}`}>
          <ActivityCard
            activity={activity}
            priority={index < 3}
            highlighted={activity.id === selectedId}
            favouriteButton={<FavouriteButton activityId={activity.id} activityName={activity.name} />}
          />
        </li>
      ))}
    </ul>
  ) : (
    <ul data-results className="grid gap-3 2xl:grid-cols-2">
      {items.map((activity) => (
        <li key={activity.id} id={`activity-${activity.id}`} className={`scroll-mt-40 ${OFFSCREEN_ROW}`}>
          <ActivityListItem
            activity={activity}
            favouriteButton={<FavouriteButton activityId={activity.id} activityName={activity.name} />}
          />
        </li>
      ))}
    </ul>
  );
}
