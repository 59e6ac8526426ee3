import { ActivityCardSkeleton } from '../../features/activities/components/activity-card-skeleton';

const SKELETON_COUNT = 6;

/** The overview's results while they load: cards' footprints, announced as busy. */
export function ResultsSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label} className="grid gap-6 sm:grid-cols-2 2xl:grid-cols-3">
      {Array.from({ length: SKELETON_COUNT }, (_, i) => (
        <ActivityCardSkeleton key={i} />
      ))}
    </div>
  );
}
