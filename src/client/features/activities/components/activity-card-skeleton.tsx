import { Skeleton } from '../../../components/ui/skeleton';

/** Same footprint as a card, so nothing shifts when the data arrives. */
export function ActivityCardSkeleton() {
  return (
    <div aria-hidden className="overflow-hidden rounded-3xl bg-white ring-1 ring-sand-200">
      <Skeleton className="aspect-[16/10] rounded-none" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <div className="flex justify-between pt-2">
          <Skeleton className="h-6 w-20" />
          <Skeleton className="h-9 w-24 rounded-full" />
        </div>
      </div>
    </div>
  );
}
