import { Loader2 } from 'lucide-react';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

export interface MoreList {
  /** How many items are shown now. */
  shown: number;
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last "load more" failed (TanStack Query's `isFetchNextPageError`). */
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

interface LoadMoreProps {
  list: MoreList;
  /**
   * The element whose children are the items (a `ul`, a `tbody`). After a page has come, focus
   * moves to its first new item: a keyboard or screen-reader user reads on from there, and does
   * not lose their place when the button goes with the last page.
   */
  itemsRef: RefObject<HTMLElement | null>;
  /** "10 of 23 shown", said again (politely) whenever it changes. */
  shownText: string;
  /** The button's text. */
  label: string;
  /** Said when a page did not come; the button stays to try again. */
  failedText: string;
  className?: string;
}

/**
 * The foot of a list that comes a page at a time (docs/api.md#lists-in-pages): how many are
 * shown of how many, and the button for the next page. While a page loads the button says so
 * and stays focusable (`aria-disabled`, not `disabled`, which would drop the focus).
 */
export function LoadMore({ list, itemsRef, shownText, label, failedText, className }: LoadMoreProps) {
  const { t } = useTranslation();
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || list.shown <= from) return;
    focusFrom.current = null;
    const first = itemsRef.current?.children[from];
    if (first instanceof HTMLElement) {
      if (!first.hasAttribute('tabindex')) first.setAttribute('tabindex', '-1');
      first.focus();
    }
  }, [list.shown, itemsRef]);

  const loadMore = () => {
    if (list.isFetchingNextPage) return;
    focusFrom.current = list.shown;
    void list.fetchNextPage();
  };

  return (
    <div className={className ?? 'space-y-3'}>
      <p role="status" className="text-sm text-ink-600">
        {shownText}
      </p>
      {list.isFetchNextPageError && !list.isFetchingNextPage ? (
        <p role="alert" className="text-sm text-red-800">
          {failedText}
        </p>
      ) : null}
      {list.hasNextPage ? (
        <Button
          variant="secondary"
          aria-disabled={list.isFetchingNextPage || undefined}
          className={list.isFetchingNextPage ? 'cursor-wait opacity-70' : undefined}
          onClick={loadMore}
        >
          {list.isFetchingNextPage ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
          {list.isFetchingNextPage ? t('list.loading') : label}
        </Button>
      ) : null}
    </div>
  );
}
