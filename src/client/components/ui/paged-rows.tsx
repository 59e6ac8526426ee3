import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from './load-more';
import { Skeleton } from './skeleton';

interface PagedRowsProps<T> {
  list: {
    items: T[];
    total: number;
    isPending: boolean;
    isError: boolean;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => unknown;
  };
  empty: string;
  rowKey: (item: T) => string | number;
  row: (item: T) => ReactNode;
}

/** A list a page at a time (an admin queue, bookings): loading, failure, empty, the rows, and "load more". */
export function PagedRows<T>({ list, empty, rowKey, row }: PagedRowsProps<T>) {
  const { t } = useTranslation();
  const itemsRef = useRef<HTMLUListElement>(null);
  if (list.isPending) return <Skeleton className="h-32 w-full" />;
  // A page after the first that failed keeps the rows and says so under them (LoadMore).
  if (list.isError && !list.isFetchNextPageError)
    return (
      <p role="alert" className="text-red-800">
        {t('list.loadFailed')}
      </p>
    );
  if (list.items.length === 0)
    return <p className="rounded-3xl bg-white p-8 text-center text-ink-600 ring-1 ring-sand-200">{empty}</p>;
  return (
    <div className="space-y-4">
      <ul ref={itemsRef} className="divide-y divide-sand-100 rounded-3xl bg-white ring-1 ring-sand-200">
        {list.items.map((item) => (
          <li key={rowKey(item)} className="flex flex-wrap items-center gap-3 px-5 py-3">
            {row(item)}
          </li>
        ))}
      </ul>
      <LoadMore
        list={{ ...list, shown: list.items.length }}
        itemsRef={itemsRef}
        shownText={t('list.shown', { shown: list.items.length, total: list.total })}
        label={t('list.loadMore')}
        failedText={t('list.moreFailed')}
      />
    </div>
  );
}
